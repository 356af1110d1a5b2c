import { defineResource, permCodes } from '../resource.ts';
import { fileInfoRecordSchema, type FileInfoRecord } from '../rights/file-info.ts';

/**
 * 文件列表 (the stock OSS file list, `modules/oss/OSSFileList`, issue 39): the administrator's view of every
 * stored file, wherever its bytes are (the folder or the bucket).
 */
export const OssFilePerm = permCodes('system:ossFile', ['list', 'upload', 'delete']);

/** The stock client's screen shows `fileName` and `url`; ours reads the rest of the stored file's row. */
export const ossFileRecordSchema = fileInfoRecordSchema;
export type OssFileRecord = FileInfoRecord;

/** The stock paths: `GET /oss/file/list`, `GET /oss/file/queryById`, `DELETE /oss/file/delete?id=`; upload is `POST ${OSS_UPLOAD_PATH}`. */
export const ossFileResource = defineResource<OssFileRecord>()({
  basePath: '/oss/file',
  entity: '文件',
  record: ossFileRecordSchema,
  perm: OssFilePerm,
  routes: ['list', 'queryById', 'delete'],
});
export const OSS_UPLOAD_PATH = '/oss/file/upload';
/** The stock screen's second button (MINIO文件上传): stock answers the file's address as the message; here the file goes to the current store. */
export const OSS_MINIO_UPLOAD_PATH = '/sys/upload/uploadMinio';

export const OssFileMsg = {
  uploaded: '上传成功！',
  deleted: '删除成功!',
  notFound: '未找到对应实体',
  /** followed by what uses the file: 受保护权利「…」 */
  inUse: '该文件仍被业务记录使用，不能删除：',
  inUseHint: '。请先在该记录中移除此文件。',
} as const;
