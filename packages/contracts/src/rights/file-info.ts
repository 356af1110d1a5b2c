import { z } from 'zod';
import { defineResource, permCodes } from '../resource.ts';
import { auditFields, nullableText } from '../record-fields.ts';

/** 文件信息: everyone lists the files they may see; `delete` removes anyone's file, not only one's own. */
export const FilePerm = permCodes('rights:file', ['list', 'delete']);

/** A row of 文件信息 as `GET /rights/sbFileInfo/list` answers it (DOMAIN.md file info). */
export const fileInfoRecordSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  filePath: z.string(),
  fileSize: z.number(),
  fileExt: z.string(),
  mimeType: z.string(),
  fileType: nullableText,
  bizType: nullableText,
  bizId: nullableText,
  /** what the linked record is called (商标名称 + 注册号, 机构名称, 银行账户, 通告标题); null when unlinked */
  bizTitle: nullableText,
  sysOrgCode: nullableText,
  uploaderId: z.string(),
  /** SHA-256 of the bytes at upload (issue 39); null for files stored before fingerprints */
  sha256: nullableText,
  /** local (the server's folder) or s3 (the shared bucket) */
  storage: z.string(),
  delFlag: z.string(),
  url: z.string(),
  /** 上传人: the name of the user `createBy` names */
  createByName: nullableText,
  ...auditFields,
});
export type FileInfoRecord = z.infer<typeof fileInfoRecordSchema>;

/** What `POST /sys/common/upload` answers beside the path in its message. */
export const uploadReplySchema = z.object({ fileName: z.string(), filePath: z.string(), fileSize: z.number(), sha256: z.string() });

/** `GET ${FILE_FINGERPRINT_PATH}?id=`: the stored file hashed again and compared with its fingerprint at upload. */
export const FILE_FINGERPRINT_PATH = '/rights/sbFileInfo/checkFingerprint';
export const fileFingerprintReplySchema = z.object({
  id: z.string(),
  /** the SHA-256 recorded at upload; null for files stored before fingerprints */
  recorded: z.string().nullable(),
  /** the SHA-256 of the bytes stored today; null when the bytes are missing */
  actual: z.string().nullable(),
  match: z.boolean(),
});
export type FileFingerprintReply = z.infer<typeof fileFingerprintReplySchema>;
export const FingerprintMsg = {
  match: '文件指纹一致：文件自上传以来未被改动',
  mismatch: '文件指纹不一致：存储的文件已被改动或损坏',
  missing: '存储中找不到该文件',
  noRecord: '该文件上传于指纹功能启用之前，没有可比对的指纹',
} as const;
/** `GET ${FILE_NAMES_PATH}`: stored path → the name it was uploaded under. */
export const fileNamesReplySchema = z.record(z.string(), z.string());

/** 文件信息 reads as a standard resource; files come and go through upload and deleteFileFetch. */
export const fileInfoResource = defineResource<FileInfoRecord>()({
  basePath: '/rights/sbFileInfo',
  entity: '文件信息',
  record: fileInfoRecordSchema,
  perm: FilePerm,
  routes: ['list', 'queryById'],
  docs: { list: { summary: '文件信息列表（按可见范围）' }, queryById: { summary: '按ID查询文件信息' } },
});

/** The names files were uploaded under, for the stored paths the caller may read (the links show them). */
export const FILE_NAMES_PATH = '/sys/common/fileNames';
/** At most this many paths per call. */
export const MAX_FILE_NAMES = 100;
