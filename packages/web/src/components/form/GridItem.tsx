import { Col, Form, type ColProps, type FormItemProps } from 'antd';

/** How much of a 24-column form row a field takes from md up; on a phone every field takes the whole row. */
export type GridWidth = 'full' | 'half' | 'third' | 'twoThirds';

const COLUMNS: Record<GridWidth, ColProps> = {
  full: { span: 24 },
  half: { xs: 24, md: 12 },
  third: { xs: 24, md: 8 },
  twoThirds: { xs: 24, md: 16 },
};

/** A form field in its column of a `<Row>`: the wide dialogs and pages lay their fields out two or three to a row. */
export function GridItem({ width = 'half', children, ...item }: FormItemProps & { width?: GridWidth }) {
  return (
    <Col {...COLUMNS[width]}>
      <Form.Item {...item}>{children}</Form.Item>
    </Col>
  );
}
