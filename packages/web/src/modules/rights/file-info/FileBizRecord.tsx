import { type BankAccountRecord, type FileInfoRecord, OrgPerm, type OrgRecord, type RightRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Result, Spin, Typography } from 'antd';
import { useAccess } from '../../../components/access/useAccess.ts';
import { BankDescriptions } from '../bank/BankDescriptions.tsx';
import { bankApi } from '../bank/bank.api.ts';
import { orgApi } from '../../core/org/org.api.ts';
import { OrgDescriptions } from '../org/OrgDescriptions.tsx';
import { rightApi } from '../right/right.api.ts';
import { RightDescriptions } from '../right/RightDescriptions.tsx';
import { BIZ_TYPE_TEXT, FileBiz } from './fileInfo.api.ts';

/** The records whose details this screen can open (an announcement is read in 我的消息 / 通告管理). */
const OPENABLE = new Set<string>([FileBiz.right, FileBiz.org, FileBiz.bank]);

/** 所属业务: the module and the record's name; the name opens the record's details. */
export function FileBizCell({ file, onOpen }: { file: FileInfoRecord; onOpen: (file: FileInfoRecord) => void }) {
  if (!file.bizType) return <Typography.Text type="secondary">未关联</Typography.Text>;
  const module = BIZ_TYPE_TEXT[file.bizType] ?? file.bizType;
  if (!file.bizTitle) return <span>{module}</span>;
  return (
    <span className="file-biz">
      <Typography.Text type="secondary">{module}：</Typography.Text>
      {OPENABLE.has(file.bizType) ? (
        <Button
          type="link"
          size="small"
          className="file-biz-link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          onClick={() => onOpen(file)}
        >
          {file.bizTitle}
        </Button>
      ) : (
        file.bizTitle
      )}
    </span>
  );
}

/** The linked record's details, loaded through the record's own call (so the same access rules apply). */
export function FileBizDetail({ file, onClose }: { file: FileInfoRecord | null; onClose: () => void }) {
  const { can } = useAccess();
  const detail = useQuery({
    queryKey: ['rights', 'file-info', 'biz-detail', file?.bizType, file?.bizId],
    enabled: !!file?.bizId,
    staleTime: 0,
    queryFn: async (): Promise<{ kind: string; record: unknown }> => {
      const { bizType, bizId } = file!;
      if (bizType === FileBiz.right) return { kind: bizType, record: await rightApi.byId(bizId!) };
      if (bizType === FileBiz.bank) return { kind: bizType, record: await bankApi.byId(bizId!) };
      if (can(OrgPerm.list)) return { kind: FileBiz.org, record: await orgApi.byId(bizId!) };
      const mine = await orgApi.mine();
      return { kind: FileBiz.org, record: mine?.id === bizId ? mine : null };
    },
  });
  let body = null;
  if (detail.isPending) body = <Spin style={{ display: 'block', margin: '48px auto' }} />;
  else if (detail.isError || !detail.data?.record) body = <Result status="warning" title="所属业务记录不存在或无权查看" />;
  else if (detail.data.kind === FileBiz.right) body = <RightDescriptions record={detail.data.record as RightRecord} />;
  else if (detail.data.kind === FileBiz.bank) body = <BankDescriptions account={detail.data.record as BankAccountRecord} />;
  else body = <OrgDescriptions org={detail.data.record as OrgRecord} />;
  return (
    <Modal
      open={file !== null}
      title={file ? `${BIZ_TYPE_TEXT[file.bizType ?? ''] ?? '所属业务'}：${file.bizTitle ?? ''}` : ''}
      width={820}
      footer={<Button onClick={onClose}>关闭</Button>}
      onCancel={onClose}
      destroyOnHidden
      className="file-biz-detail"
    >
      {body}
    </Modal>
  );
}
