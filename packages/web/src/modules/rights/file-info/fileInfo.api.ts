import { fileInfoResource } from '@sbwq/contracts';
import { resourceApi } from '../../../platform/resourceApi.ts';

export const fileInfoApi = { list: resourceApi(fileInfoResource).list };

export const FILE_INFO_LIST_KEY = 'rights-file-info';

/** The records files are attached to (the server's biz types). */
export const FileBiz = { right: 'rights_right', org: 'rights_org', bank: 'rights_bank', announcement: 'announcement' } as const;
export type FileBizType = (typeof FileBiz)[keyof typeof FileBiz];
export const BIZ_TYPE_TEXT: Record<string, string> = {
  rights_org: '机构入驻/认证',
  rights_right: '受保护权利',
  rights_bank: '银行账户',
  announcement: '通告',
  rights_batch: '线索批次',
  fin_claim: '理赔申请',
};

/** 1536 → 1.5 KB; sizes are whole bytes, so the arithmetic is exact enough for a label. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
