import type { RightRecord } from '@sbwq/contracts';
import { Tag } from 'antd';
import type { DetailItem } from '../../../components/detail/DetailModal.tsx';
import { FileLinks } from '../../../components/upload/FileLinks.tsx';
import { AUDIT_STATUS_COLORS } from '../../core/org/org.api.ts';
import { ExpiryTags } from './ExpiryTags.tsx';
import { DataLogHistoryButton } from '../../../components/datalog/DataLogHistory.tsx';

/** 受保护权利's details (DOMAIN.md protected-rights record), for 详情 and the reviewer's 审核. */
export const rightDetailItems: DetailItem<RightRecord>[] = [
  { label: '商标名称', field: 'trademarkName' },
  { label: '注册号', field: 'regNo' },
  { label: '国际分类', render: (r) => r.niceClass_dictText ?? `第${r.niceClass}类` },
  { label: '商标类型', render: (r) => r.trademarkType_dictText ?? r.trademarkType },
  { label: '注册人', field: 'registrant' },
  { label: '注册人地址', field: 'registrantAddress' },
  { label: '注册日期', field: 'regDate' },
  { label: '专用权期限', render: (r) => `${r.regDate} 至 ${r.expireDate}` },
  { label: '法律状态', render: (r) => r.legalStatus_dictText ?? r.legalStatus },
  { label: '到期提醒', render: (r) => <ExpiryTags flags={r.flagTexts} /> },
  { label: '申请机构', field: 'orgName' },
  { label: '审核状态', render: (r) => <Tag color={AUDIT_STATUS_COLORS[r.auditStatus]}>{r.auditStatus_dictText ?? r.auditStatus}</Tag> },
  { label: '核定商品/服务', field: 'goodsServices', span: 3 },
  { label: '商标图样', render: (r) => <FileLinks value={r.markImage} size={96} />, span: 3 },
  { label: '授权机构', field: 'authOrg' },
  { label: '授权期限', render: (r) => (r.authStartDate || r.authEndDate ? `${r.authStartDate ?? '—'} 至 ${r.authEndDate ?? '—'}` : null) },
  { label: '提交时间', field: 'submitTime' },
  { label: '授权委托书', render: (r) => <FileLinks value={r.authLetter} label="授权委托书" />, span: 3 },
  { label: '证明文件', render: (r) => <FileLinks value={r.proofFile} label="证明文件" />, span: 3 },
  { label: '审核人', field: 'auditBy' },
  { label: '审核时间', field: 'auditTime' },
  { label: '审核意见', field: 'auditOpinion' },
  { label: '备注', field: 'remark', span: 3 },
  { label: '修改历史', render: (r) => <DataLogHistoryButton dataTable="rights_right" dataId={r.id} title={r.trademarkName} />, span: 3 },
];
