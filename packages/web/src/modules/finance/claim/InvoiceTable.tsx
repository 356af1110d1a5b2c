import type { InvoiceRecord } from '@sbwq/contracts';
import { Table } from 'antd';
import { kindColumns } from '../../../components/list/columnKinds.tsx';
import { FileLinks } from '../../../components/upload/FileLinks.tsx';

/** A claim's invoices with their files under the names they were uploaded as: the detail's tab and the review's evidence. */
export function InvoiceTable({ invoices }: { invoices: InvoiceRecord[] }) {
  return (
    <Table<InvoiceRecord>
      rowKey="id"
      size="small"
      dataSource={invoices}
      pagination={false}
      scroll={{ x: 640 }}
      locale={{ emptyText: '暂无发票' }}
      columns={kindColumns<InvoiceRecord>(
        [
          { title: '发票代码', dataIndex: 'invoiceCode', width: 130, render: (v: string) => v || '（数电票）' },
          { title: '发票号码', dataIndex: 'invoiceNo', width: 190 },
          { title: '开票日期', dataIndex: 'invoiceDate', kind: 'date' },
          { title: '金额（元）', dataIndex: 'amount', kind: 'money' },
          { title: '发票及凭证', dataIndex: 'files', render: (v: string | null) => <FileLinks value={v} size={40} named /> },
        ],
        'small',
        invoices,
      )}
    />
  );
}
