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
  docs: {
    list: { summary: '文件列表', description: 'fileName 文件名称（*关键字* 为包含）、url 文件地址；每行含存储位置、SHA-256 与所属业务。' },
    queryById: { summary: '按ID查询文件' },
    delete: {
      summary: '删除文件',
      description: '仍被业务记录使用的文件不能删除（先在该记录中移除）；只能删除本人上传的文件，或由有 rights:file:delete 权限的人删除。',
    },
  },
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
