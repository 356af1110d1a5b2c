import type { TableDictRecord } from '@sbwq/contracts';
import { Button, Descriptions, Modal } from 'antd';
import { useState } from 'react';
import { TableDictSelect } from '../../../components/dict/TableDictSelect.tsx';

/** 预览: the registered table dictionary as a form would use it, searched on the server, the chosen value shown. */
export function TableDictPreviewModal({ entry, onClose }: { entry: TableDictRecord | null; onClose: () => void }) {
  const [value, setValue] = useState<string | undefined>();
  // another entry starts empty: reset while rendering rather than in an effect after it
  const [shownFor, setShownFor] = useState(entry);
  if (entry !== shownFor) {
    setShownFor(entry);
    setValue(undefined);
  }
  return (
    <Modal
      open={entry !== null}
      title={`预览：${entry?.code ?? ''}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      width={560}
      destroyOnHidden
    >
      {entry && (
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 120 } }}>
          <Descriptions.Item label="选择">
            <TableDictSelect aria-label="表字典预览" code={entry.code} value={value} onChange={setValue} placeholder="输入文字搜索" style={{ width: '100%' }} />
          </Descriptions.Item>
          <Descriptions.Item label="保存的值">{value ?? '—'}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
