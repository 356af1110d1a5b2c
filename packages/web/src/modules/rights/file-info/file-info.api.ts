import type { Page } from '@sbwq/contracts';
import { http, type Query } from '../../../platform/http.ts';

/** A row of 文件信息 as `GET /rights/sbFileInfo/list` answers it (DOMAIN.md file info). */
export type FileInfoRecord = {
  id: string;
  fileName: string;
  filePath: string;
  fileSize: number;
  fileExt: string;
  mimeType: string;
  fileType: string | null;
  bizType: string | null;
  bizId: string | null;
  /** what the linked record is called (商标名称 + 注册号, 机构名称, 银行账户, 通告标题); null when unlinked */
  bizTitle: string | null;
  sysOrgCode: string | null;
  uploaderId: string;
  url: string;
  createBy: string | null;
  createTime: string | null;
};

export const fileInfoApi = {
  list: (params: Query, signal?: AbortSignal) => http.get<Page<FileInfoRecord>>('/rights/sbFileInfo/list', params, { signal }),
};

export const FILE_INFO_LIST_KEY = 'rights-file-info';

/** The records files are attached to (the server's biz types). */
export const FileBiz = { right: 'rights_right', org: 'rights_org', bank: 'rights_bank', announcement: 'announcement' } as const;
export type FileBizType = (typeof FileBiz)[keyof typeof FileBiz];
export const BIZ_TYPE_TEXT: Record<string, string> = { rights_org: '机构入驻/认证', rights_right: '受保护权利', rights_bank: '银行账户', announcement: '通告' };

/** 1536 → 1.5 KB; sizes are whole bytes, so the arithmetic is exact enough for a label. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
