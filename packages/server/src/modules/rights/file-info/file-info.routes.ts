import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BizError, fail, ok } from '../../../platform/http/envelope.ts';
import { envelopeSchema } from '../../../platform/http/reply-schema.ts';
import {
  AnnouncementPerm,
  FILE_FINGERPRINT_PATH,
  FILE_NAMES_PATH,
  fileFingerprintReplySchema,
  FingerprintMsg,
  FILE_PATH_PATTERN,
  fileNamesReplySchema,
  FilePerm,
  fileInfoResource,
  MAX_FILE_NAMES,
  Msg,
  splitFilePaths,
  uploadReplySchema,
} from '@sbwq/contracts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { resolveSession } from '../../../platform/auth/session.ts';
import { hasPermission, sendTokenInvalid, tokenOf } from '../../../platform/access/access.ts';
import { checkBiz, resolveStored } from '../../../platform/storage/storage.ts';
import { fileStoreOf, fingerprintOf } from '../../../platform/storage/file-store.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { STATIC_COOKIE } from '../../../platform/storage/static-cookie.ts';
import { decodeComponent } from '../../../platform/http/uri.ts';
import { fileReply } from '../../../platform/http/route-kinds.ts';
import {
  ANNOUNCEMENT_IMAGE_TYPE,
  deleteVisibleFile,
  fileById,
  fileInfoWhitelist,
  findVisibleFile,
  isAnnouncementBiz,
  listFiles,
  visibleFileNames,
} from '../../core/files/file-info.service.ts';
import { storeUpload, withUpload } from '../../core/files/upload.ts';
import { checkBizLink, FileBizMsg } from './file-info.biz.ts';
import { FILE_TYPE_VALUES } from '../../core/files/attachments.ts';

function staticToken(request: FastifyRequest): string | null {
  const header = tokenOf(request);
  if (header) return header;
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (typeof query.token === 'string' && query.token) return query.token;
  const cookie = (request.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${STATIC_COOKIE}=`));
  return cookie ? decodeComponent(cookie.slice(STATIC_COOKIE.length + 1)) : null;
}

/** Upload, static file serving and 文件信息 (spec §3 Uploaded file, §5 Upload, §7 Files; DOMAIN.md file info). */
export async function fileInfoRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = deps;
  const store = fileStoreOf(config.dataDir, config.storage);
  // A file is read where its row says it is: during a move between folder and bucket both hold files.
  const storeOf = (kind: string) => (kind === 'local' ? fileStoreOf(config.dataDir, { kind: 'local' }) : store);

  r.post(
    '/sys/common/upload',
    {
      config: { signedIn: true, onboarding: true, special: 'files', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['文件'],
        summary: '上传文件（JPG/JPEG/PNG/PDF，≤10MB）',
        description:
          '表单字段 file，以及 biz（业务目录，默认 temp）或 isup=1；可选 fileType（字典 file_type）、bizType（rights_right / rights_org / rights_bank）与 bizId（须为本人可见的记录）。message 为文件路径，result 为 {fileName, filePath, fileSize}。',
        response: { 200: envelopeSchema(uploadReplySchema) },
      },
    },
    async (request) =>
      withUpload(request, async (file, fields) => {
        const biz = checkBiz(fields.biz);
        const user = request.user!;
        if (isAnnouncementBiz(biz)) {
          const allowed = await Promise.all([AnnouncementPerm.add, AnnouncementPerm.edit].map((code) => hasPermission(db, user.id, code, user.accessVersion)));
          if (!allowed.some(Boolean)) throw new BizError('无权上传通告图片');
        }
        const fileType = fields.fileType?.trim() || (isAnnouncementBiz(biz) ? ANNOUNCEMENT_IMAGE_TYPE : '');
        if (fileType && !FILE_TYPE_VALUES.has(fileType)) throw new BizError(FileBizMsg.fileTypeBad);
        const bizType = fields.bizType?.trim() || null;
        const bizId = fields.bizId?.trim() || null;
        if (!bizType !== !bizId) throw new BizError(FileBizMsg.recordMissing);
        const linkedOrgCode = bizType && bizId ? await checkBizLink(db, user, bizType, bizId) : null;
        const stored = await storeUpload(db, store, request, user, file, {
          biz,
          fileType: fileType || null,
          bizType,
          bizId,
          sysOrgCode: linkedOrgCode ?? user.orgCode,
        });
        return ok(stored, stored.filePath, 200);
      }),
  );

  r.get(
    FILE_NAMES_PATH,
    {
      config: { signedIn: true, onboarding: true, special: 'files' },
      schema: {
        tags: ['文件'],
        summary: '已上传文件的原文件名',
        description: `paths：逗号分隔的文件路径（最多 ${MAX_FILE_NAMES} 个）。result 为 { 路径: 上传时的文件名 }，只含当前用户可读取的文件。`,
        querystring: z.object({ paths: z.string({ error: '缺少文件路径' }).max(MAX_FILE_NAMES * 120, '文件路径过多') }),
        response: { 200: envelopeSchema(fileNamesReplySchema) },
      },
    },
    async (request) => {
      const paths = splitFilePaths(request.query.paths).filter((p) => FILE_PATH_PATTERN.test(p));
      if (paths.length > MAX_FILE_NAMES) throw new BizError(`一次最多查询 ${MAX_FILE_NAMES} 个文件`);
      return ok(await visibleFileNames(db, request.user!, paths), Msg.querySuccess, 200);
    },
  );

  // Authenticates itself because browsers load images without headers: token from the header, a
  // `token` query or the HttpOnly cookie set at login; then only files the user may see.
  r.get(
    '/sys/common/static/*',
    {
      config: { public: true, special: 'files' },
      schema: {
        tags: ['文件'],
        summary: '读取已上传的文件',
        description: '需登录，且只能读取本机构或本人上传的文件（协会工作人员可读全部）。',
        response: { 200: fileReply('文件内容（JPG/PNG/PDF，Content-Type 为文件的类型）') },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const token = staticToken(request);
      if (!token) return reply.status(401).send(fail('未授权，请重新登录', 401));
      const user = await resolveSession(db, deps.policy, token);
      if (!user) return sendTokenInvalid(request, reply);
      // The router has decoded the path once already; decoding again would turn a file named `100%zz`
      // into a URIError and `%2F` into a slash: what is left is the name as stored.
      const relative = ((request.params as { '*': string })['*'] ?? '').replace(/,$/, '');
      resolveStored(config.dataDir, relative);
      const row = await findVisibleFile(db, user, relative);
      const stream = row ? await storeOf(row.storage).get(relative) : null;
      if (!row || !stream) return reply.status(404).send(fail('很抱歉，资源未找到!', 404));
      // Only checked JPG/PNG/PDF content is ever stored, so it may be shown inline (image preview, PDF in a tab).
      return reply
        .header('content-type', row.mimeType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(row.fileName)}`)
        .send(stream);
    },
  );

  r.route({
    method: ['GET', 'POST', 'DELETE'],
    url: '/rights/sbFileInfo/deleteFileFetch',
    config: { signedIn: true, onboarding: true, special: 'files' },
    schema: {
      tags: ['文件'],
      summary: '删除已上传的文件',
      description: `只能删除本人上传的文件，或由有 ${FilePerm.delete} 权限的人删除其可见的文件。`,
      querystring: z.object({ fileUrl: z.string().min(1).max(500) }),
      response: { 200: envelopeSchema(z.null()) },
    },
    handler: async (request) => {
      const relative = request.query.fileUrl.replace(/^.*\/sys\/common\/static\//, '').replace(/^\/+/, '');
      const row = await deleteVisibleFile(db, request.user!, relative);
      await storeOf(row.storage).remove(relative);
      return ok(null, '删除成功!', 200);
    },
  });

  r.get(
    FILE_FINGERPRINT_PATH,
    {
      config: { signedIn: true, onboarding: true, special: 'files' },
      schema: {
        tags: ['文件信息'],
        summary: '校验文件指纹（SHA-256）',
        description: '重新计算存储中文件的 SHA-256，并与上传时记录的指纹比对。只能校验本人可见的文件。',
        querystring: z.object({ id: z.string({ error: '缺少文件ID' }).min(1, '缺少文件ID').max(36) }),
        response: { 200: envelopeSchema(fileFingerprintReplySchema) },
      },
    },
    async (request) => {
      const user = request.user!;
      const record = await fileById({ db, user, deps }, request.query.id);
      const actual = await fingerprintOf(storeOf(record.storage), record.filePath);
      const match = Boolean(record.sha256 && actual && record.sha256 === actual);
      const message = !actual ? FingerprintMsg.missing : !record.sha256 ? FingerprintMsg.noRecord : match ? FingerprintMsg.match : FingerprintMsg.mismatch;
      return ok({ id: record.id, recorded: record.sha256, actual, match }, message, 200);
    },
  );

  registerResource(app, deps, fileInfoResource, {
    tags: ['文件信息'],
    listResource: fileInfoWhitelist,
    service: {
      list: listFiles,
      byId: fileById,
    },
    messages: { added: Msg.ok, edited: Msg.ok, deleted: Msg.ok, queried: Msg.ok },
  });
}
