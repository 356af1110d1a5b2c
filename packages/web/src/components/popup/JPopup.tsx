import { POPUP_PAGE_SIZE, POPUP_TEXTAREA, POPUP_WIDTH } from '@sbwq/contracts';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { feedback } from '../../platform/feedback.ts';
import { ReportView } from './ReportView.tsx';
import { reportSource } from './report.calls.ts';
import { popupConfigError, popupSelectionError, popupValues } from './popupConfig.ts';

type Row = Record<string, unknown>;

export type JPopupProps = {
  /** the report's code (spec §3 Popup picker props) */
  code: string;
  /** the report field whose value the input shows (the form's value) */
  field?: string;
  /** report fields, comma list, read from the chosen rows … */
  orgFields: string;
  /** … into these form fields, same count */
  destFields: string;
  multi?: boolean;
  /** answers of the same group are remembered 30 s (spec §7) */
  groupId?: string;
  width?: number;
  /** what the field shows */
  value?: string;
  onChange?: (value: string) => void;
  /** every destination field's new value, when OK is pressed */
  /** given the values and rows picked in the dialog, and (with `selected`) every key left chosen there */
  onPick?: (values: Record<string, string>, rows: Row[], keys: string[]) => void;
  /** keys already chosen in the form: the dialog opens with them ticked and counted (issue 36: 已选择 0 项) */
  selected?: string[];
  placeholder?: string;
  disabled?: boolean;
  /** a text area rather than one line (spec §9: 150 × 200 by default) */
  textarea?: boolean;
  id?: string;
  title?: string;
  /** a button that opens the dialog, beside another control, instead of the field itself */
  button?: string;
  'aria-label'?: string;
};

/**
 * JPopup (spec §2 Dialogs, §3–§5): a field that opens a report in a dialog — search form with 查询 /
 * 重置 / 展开, the 已选择 bar with 清空 and 刷新, a paged table (10 a page) with single or multiple
 * selection. OK writes the origin fields of the chosen rows into the destination fields and closes;
 * cancel closes and forgets the selection. A wrong configuration is told with the words of §5.
 */
export function JPopup({
  code,
  field,
  orgFields,
  destFields,
  multi = false,
  groupId,
  width = POPUP_WIDTH,
  value,
  onChange,
  onPick,
  selected,
  placeholder = '点击选择',
  disabled,
  textarea,
  id,
  title,
  button,
  ...rest
}: JPopupProps) {
  const [open, setOpen] = useState(false);
  const [keys, setKeys] = useState<string[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const configError = popupConfigError({ code, orgFields, destFields });
  const source = useMemo(() => reportSource(code, groupId), [code, groupId]);

  const handleOpen = () => {
    if (disabled) return;
    if (configError) {
      feedback().message.error(configError);
      return;
    }
    setKeys(selected ?? []);
    setOpen(true);
  };
  const handleClose = () => {
    setOpen(false);
    setKeys([]);
    setRows([]);
  };
  const handleOk = () => {
    // rows the table has not shown in this dialog (chosen before) are keys only
    const picked = rows.filter((r): r is Row => r !== undefined && r !== null);
    const error = popupSelectionError(selected ? keys.length : picked.length, multi);
    if (error) {
      feedback().message.warning(error);
      return;
    }
    const values = popupValues(picked, orgFields, destFields);
    onPick?.(values, picked, keys);
    if (onChange) onChange(field ? rows.map((r) => String(r[field] ?? '')).join(',') : (Object.values(values)[0] ?? ''));
    handleClose();
  };

  const common = {
    id,
    value: value ?? '',
    readOnly: true,
    placeholder,
    disabled,
    onClick: handleOpen,
    'aria-label': rest['aria-label'],
    'aria-haspopup': 'dialog' as const,
  };
  return (
    <>
      {button ? (
        <Button id={id} icon={<SearchOutlined aria-hidden />} disabled={disabled} onClick={handleOpen} aria-haspopup="dialog">
          {button}
        </Button>
      ) : textarea ? (
        <Input.TextArea
          {...common}
          style={{ width: POPUP_TEXTAREA.width, height: POPUP_TEXTAREA.height, maxWidth: '100%', cursor: 'pointer' }}
          onKeyDown={(e) => e.key === 'Enter' && handleOpen()}
        />
      ) : (
        <Input
          {...common}
          allowClear={!disabled}
          onChange={(e) => e.target.value === '' && onChange?.('')}
          style={{ cursor: 'pointer' }}
          suffix={<SearchOutlined aria-hidden />}
          onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && handleOpen()}
        />
      )}
      <Modal
        open={open}
        title={title ?? '选择'}
        width={width}
        onCancel={handleClose}
        onOk={handleOk}
        okText="确定"
        cancelText="取消"
        destroyOnHidden
        style={{ maxWidth: 'calc(100vw - 16px)' }}
      >
        <ReportView
          source={source}
          label={title ?? '选择'}
          pageSize={POPUP_PAGE_SIZE}
          selection={{ multi, keys, rows, onChange: (k, r) => (setKeys(k), setRows(r)) }}
          extra={(state) => (
            <Alert
              type="info"
              style={{ marginBottom: 12 }}
              title={
                <Space wrap>
                  <span>
                    已选择 <strong>{keys.length}</strong> 项
                  </span>
                  <Button type="link" size="small" onClick={() => (setKeys([]), setRows([]))}>
                    清空
                  </Button>
                  <Button type="link" size="small" onClick={state.reload}>
                    刷新
                  </Button>
                </Space>
              }
            />
          )}
        />
      </Modal>
    </>
  );
}
