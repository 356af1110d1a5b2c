import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Msg, OSS_MINIO_UPLOAD_PATH, OSS_UPLOAD_PATH, OssFileMsg, OssFilePerm, ossFileResource, uploadReplySchema } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { fileStoreOf } from '../../../platform/storage/file-store.ts';
import { fileById, fileInfoWhitelist } from '../../core/files/file-info.service.ts';
import { storeUpload, withUpload } from '../../core/files/upload.ts';
import { deleteOssFile, listOssFiles } from './oss-file.service.ts';

/** The folder 文件列表's uploads are stored under (the stock OSS upload names no business folder). */
const OSS_BIZ = 'oss';

/** 文件列表 (stock `/oss/file/*`, issue 39): every stored file, upload, and delete of a file no record uses. */
export async function ossFileRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;
  const store = fileStoreOf(config.dataDir, config.storage);
  const storeOf = (kind: string) => (kind === 'local' ? fileStoreOf(config.dataDir, { kind: 'local' }) : store);

  registerResource(app, deps, ossFileResource, {
    tags: ['文件列表'],
    listResource: fileInfoWhitelist,
    listExtra: { url: z.string().max(500).optional().describe('文件地址：包含它的文件（可传完整地址）') },
    service: {
      list: listOssFiles,
      byId: fileById,
      remove: async (c, [id]) => deleteOssFile(c, id!, storeOf),
    },
    messages: { added: Msg.ok, edited: Msg.ok, deleted: OssFileMsg.deleted, queried: Msg.ok },
  });

  const upload = (request: FastifyRequest) =>
    withUpload(request, async (file) => {
      const user = request.user!;
      return storeUpload(db, store, request, user, file, { biz: OSS_BIZ, fileType: null, bizType: null, bizId: null, sysOrgCode: user.orgCode });
    });
  const uploadConfig = { permission: OssFilePerm.upload, special: 'files', rateLimit: { max: 120, timeWindow: '1 minute' } } as const;

  app.withTypeProvider<ZodTypeProvider>().post(
    OSS_UPLOAD_PATH,
    {
      config: uploadConfig,
      schema: {
        tags: ['文件列表'],
        summary: '上传文件到存储（JPG/JPEG/PNG/PDF，≤10MB）',
        description: '表单字段 file；文件存入当前的存储（本地目录或对象存储），不关联业务记录。',
        response: { 200: envelopeSchema(uploadReplySchema) },
      },
    },
    async (request) => ok(await upload(request), OssFileMsg.uploaded, 200),
  );

  // The stock screen's MINIO文件上传 button: the same upload, answered as stock answers it — the file's address as the message.
  app.withTypeProvider<ZodTypeProvider>().post(
    OSS_MINIO_UPLOAD_PATH,
    {
      config: uploadConfig,
      schema: {
        tags: ['文件列表'],
        summary: '上传文件到存储（原版 MINIO文件上传；JPG/JPEG/PNG/PDF，≤10MB）',
        description: '表单字段 file；与 /oss/file/upload 相同，文件存入当前的存储（STORAGE=s3 时为对象存储），回复消息为文件地址。',
        response: { 200: envelopeSchema(uploadReplySchema) },
      },
    },
    async (request) => {
      const stored = await upload(request);
      return ok(stored, `${config.apiBase}/sys/common/static/${stored.filePath}`, 200);
    },
  );
}
