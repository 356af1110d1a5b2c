import { defineResource, permCodes } from '../resource.ts';

/** 文件信息: everyone lists the files they may see; `delete` removes anyone's file, not only one's own. */
export const FilePerm = permCodes('rights:file', ['list', 'delete']);

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
  /** 上传人: the name of the user `createBy` names */
  createByName: string | null;
  createTime: string | null;
};

/** 文件信息 reads as a standard resource; files come and go through upload and deleteFileFetch. */
export const fileInfoResource = defineResource<FileInfoRecord>()({
  basePath: '/rights/sbFileInfo',
  entity: '文件信息',
  perm: FilePerm,
  routes: ['list', 'queryById'],
});

/** The names files were uploaded under, for the stored paths the caller may read (the links show them). */
export const FILE_NAMES_PATH = '/sys/common/fileNames';
/** At most this many paths per call. */
export const MAX_FILE_NAMES = 100;
