import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DictMsg, Msg, pageSchema, type ResourceDecl, type StandardRoute } from '@sbwq/contracts';
import type { Db } from '../db/client.ts';
import type { SessionUser } from '../auth/session.ts';
import type { AppDeps } from '../deps.ts';
import type { ListParams, ListResource } from '../list/list-query.ts';
import { listQuerySchema } from '../list/list-schema.ts';
import { BizError, ok } from '../http/envelope.ts';
import { envelopeSchema } from '../http/reply-schema.ts';
import { idQuery, idsQuery, splitIds } from '../http/ids.ts';
import { XLSX_TYPE, type ImportReport } from '../excel/excel.ts';
import { fileReply } from '../http/route-kinds.ts';

/**
 * What a resource's service is called with: the database (or the transaction), everything the app
 * was built with, and who asks on behalf of which tenant. Every standard route has a signed-in user:
 * they all declare a permission, which the access hook checks before the handler runs.
 */
export type ResourceCtx = { db: Db; deps: AppDeps; user: SessionUser; tenantId: number };

/** An Excel file the export answers: its bytes, and its name in Chinese and in ASCII for old clients. */
export type ExcelFile = { body: Buffer; fileName: string; asciiName: string };

/**
 * The functions behind a resource's standard routes, under the verbs the routes call them by. A feature's
 * service module exports them as one object (`export const resource = { list: listRoles, … }`), so its
 * routes file says `service: roles.resource` and adds only what lives elsewhere (its Excel functions).
 */
export type ResourceService<Add extends z.ZodType, Edit extends z.ZodType> = {
  list?: (ctx: ResourceCtx, query: ListParams) => Promise<unknown>;
  byId?: (ctx: ResourceCtx, id: string) => Promise<unknown>;
  /** its answer is the `result` of the reply (the new id, or nothing) */
  add?: (ctx: ResourceCtx, body: z.output<Add>) => Promise<unknown>;
  edit?: (ctx: ResourceCtx, body: z.output<Edit>) => Promise<unknown>;
  remove?: (ctx: ResourceCtx, ids: string[]) => Promise<void>;
  /** the current filter (or `selections`, the chosen ids) as a workbook */
  exportXls?: (ctx: ResourceCtx, query: ListParams) => Promise<ExcelFile>;
  importExcel?: (ctx: ResourceCtx, file: Buffer) => Promise<ImportReport>;
  importTemplate?: (ctx: ResourceCtx) => Promise<ExcelFile>;
};

/**
 * How a resource's standard routes behave: its service, its list whitelist (which documents and
 * checks the list's query) and its answers. Anything a resource does beyond the standard routes is
 * its own route beside this, in its routes file.
 */
export type ResourceImpl<Add extends z.ZodType, Edit extends z.ZodType> = {
  tags: string[];
  /** the whitelist of `list` and `exportXls`; a resource without them has none */
  listResource?: ListResource;
  /** the list's (and export's) own query parameters beyond the whitelist, for the OpenAPI page */
  listExtra?: z.ZodRawShape;
  /**
   * `?id=` of queryById and delete when a row's id is not a string (a tenant's is an integer);
   * the service gets it as text either way
   */
  idQuery?: z.ZodObject<{ id: z.ZodType }>;
  service: ResourceService<Add, Edit>;
  messages: {
    added: string;
    edited: string;
    deleted: string;
    /** default: `deleted` */
    batchDeleted?: string;
    /** the answer to a deleteBatch without ids; default 请选择记录 */
    idsRequired?: string;
    /** the answer of `list` and `queryById`; default 查询成功 */
    queried?: string;
    /** the answer of `queryById` when it differs from the list's (JeecgBoot's is mostly 操作成功！) */
    queriedById?: string;
  };
  /** JeecgBoot's system-data controllers answer the message again as `result` of add, edit and delete */
  echoMessage?: boolean;
  /**
   * The `result` of add and edit when it is more than the new id (add) or nothing (edit): the record
   * itself, a numeric id. Ignored with `echoMessage`, whose result is the message.
   */
  replies?: { add?: z.ZodType; edit?: z.ZodType };
};

/**
 * The answers of JeecgBoot's system-data controllers (rules, dictionaries, categories, gateway routes …):
 * the feature's own words for add, edit and delete, 请选择要操作的数据 for a deleteBatch without ids, and
 * 操作成功！ for queryById.
 */
export const systemDataMessages = (own: { added: string; edited: string; deleted: string }): ResourceImpl<z.ZodType, z.ZodType>['messages'] => ({
  added: own.added,
  edited: own.edited,
  deleted: own.deleted,
  idsRequired: DictMsg.idsRequired,
  queriedById: Msg.ok,
});

const defaultSummary = (entity: string): Record<StandardRoute | 'importTemplate', string> => ({
  list: `${entity}分页列表`,
  queryById: `按 id 取${entity}`,
  add: `添加${entity}`,
  edit: `编辑${entity}`,
  delete: `删除${entity}`,
  deleteBatch: `批量删除${entity}`,
  exportXls: `导出${entity}（当前筛选条件；selections 为选中的ID）`,
  importExcel: `导入${entity}（.xlsx）`,
  importTemplate: `下载${entity}导入模板（.xlsx，只有表头）`,
});

export const sendExcel = (reply: FastifyReply, file: ExcelFile) =>
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${file.asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(file.body);

/** The reply schema of a route whose `result` the declaration describes; none where it does not (yet). */
const replies = (result: z.ZodType | undefined) => (result ? { response: { 200: envelopeSchema(result) } } : {});

/** What an import answers: the counts, and each refused row (code 201 when there are any). */
const importReportSchema = z.object({
  totalCount: z.number(),
  successCount: z.number(),
  errorCount: z.number(),
  msg: z.string(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
});

const excelReply = (description: string) => ({ response: { 200: fileReply(description) } });

/**
 * Registers the standard routes of a resource declared in contracts (`defineResource`). Each route
 * declares the permission of the declaration in `config`, so the access hook and the route walk see
 * them as if written out; a route the declaration lists but the service cannot serve is a startup error.
 */
export function registerResource<Add extends z.ZodType, Edit extends z.ZodType>(
  app: FastifyInstance,
  deps: AppDeps,
  decl: ResourceDecl<unknown, Add, Edit>,
  impl: ResourceImpl<Add, Edit>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { basePath, perm } = decl;
  const { tags, service, messages } = impl;
  const has = (route: StandardRoute) => decl.routes.includes(route);
  const doc = (route: StandardRoute | 'importTemplate') => ({
    tags,
    summary: decl.docs?.[route]?.summary ?? defaultSummary(decl.entity)[route],
    ...(decl.docs?.[route]?.description ? { description: decl.docs[route].description } : {}),
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${basePath}: the declaration lists ${what} but the resource does not provide it`);
    return value;
  };
  const ctxOf = (request: { user: SessionUser | null; tenantId: number }): ResourceCtx => ({
    db: deps.db,
    deps,
    user: request.user!,
    tenantId: request.tenantId,
  });
  const answer = (result: unknown, message: string) => ok(impl.echoMessage ? message : (result ?? null), message, 200);
  const queried = messages.queried ?? Msg.querySuccess;
  const listQuery = () => listQuerySchema(need(impl.listResource, 'listResource'), impl.listExtra);
  const oneId = impl.idQuery ?? idQuery;
  // JeecgBoot's system-data controllers answer the message again as the result
  const written = (result: z.ZodType) => replies(impl.echoMessage ? z.string() : result);
  const idOf = (query: unknown) => String((query as { id: unknown }).id);
  // the access hook refuses an account awaiting enrolment wherever a route does not say it is open to it
  const openBeforeEnrolment = (route: 'list' | 'queryById') => (decl.onboarding?.includes(route) ? { onboarding: true } : {});

  if (has('list')) {
    const list = need(service.list, 'list');
    r.get(
      `${basePath}/list`,
      {
        config: { kind: 'resource', permission: need(perm.list, 'perm.list'), ...openBeforeEnrolment('list') },
        schema: { ...doc('list'), querystring: listQuery(), ...replies(decl.record && pageSchema(decl.record)) },
      },
      async (request) => ok(await list(ctxOf(request), request.query), queried, 200),
    );
  }

  if (has('queryById')) {
    const byId = need(service.byId, 'queryById');
    r.get(
      `${basePath}/queryById`,
      {
        config: { kind: 'resource', permission: need(perm.list, 'perm.list'), ...openBeforeEnrolment('queryById') },
        schema: { ...doc('queryById'), querystring: oneId, ...replies(decl.record) },
      },
      async (request) => ok(await byId(ctxOf(request), idOf(request.query)), messages.queriedById ?? queried, 200),
    );
  }

  // The bodies were validated against the declaration's schemas; TypeScript cannot resolve the provider's type for a generic schema.
  if (has('add')) {
    const add = need(service.add, 'add');
    r.post(
      `${basePath}/add`,
      {
        config: { kind: 'resource', permission: need(perm.add, 'perm.add') },
        schema: { ...doc('add'), body: need(decl.addBody, 'addBody'), ...written(impl.replies?.add ?? z.string().nullable()) },
      },
      async (request) => answer(await add(ctxOf(request), request.body as z.output<Add>), messages.added),
    );
  }

  if (has('edit')) {
    const edit = need(service.edit, 'edit');
    r.route({
      method: [...(decl.editMethods ?? ['PUT'])],
      url: `${basePath}/edit`,
      config: { kind: 'resource', permission: need(perm.edit, 'perm.edit') },
      schema: { ...doc('edit'), body: need(decl.editBody ?? decl.addBody, 'editBody'), ...written(impl.replies?.edit ?? z.null()) },
      handler: async (request) => answer(await edit(ctxOf(request), request.body as z.output<Edit>), messages.edited),
    });
  }

  if (has('delete')) {
    const remove = need(service.remove, 'delete');
    r.delete(
      `${basePath}/delete`,
      { config: { kind: 'resource', permission: need(perm.delete, 'perm.delete') }, schema: { ...doc('delete'), querystring: oneId, ...written(z.null()) } },
      async (request) => {
        await remove(ctxOf(request), [idOf(request.query)]);
        return answer(null, messages.deleted);
      },
    );
  }

  if (has('deleteBatch')) {
    const remove = need(service.remove, 'deleteBatch');
    const idsRequired = messages.idsRequired ?? '请选择记录';
    r.delete(
      `${basePath}/deleteBatch`,
      {
        config: { kind: 'resource', permission: need(perm.delete, 'perm.delete') },
        schema: { ...doc('deleteBatch'), querystring: idsQuery(idsRequired), ...written(z.null()) },
      },
      async (request) => {
        await remove(ctxOf(request), splitIds(request.query.ids, idsRequired));
        return answer(null, messages.batchDeleted ?? messages.deleted);
      },
    );
  }

  if (has('exportXls')) {
    const exportXls = need(service.exportXls, 'exportXls');
    r.get(
      `${basePath}/exportXls`,
      {
        config: { kind: 'resource', permission: need(perm.export, 'perm.export') },
        schema: { ...doc('exportXls'), querystring: listQuery(), ...excelReply(`${decl.entity}（.xlsx）`) },
      },
      async (request, reply) => sendExcel(reply, await exportXls(ctxOf(request), request.query)),
    );
  }

  if (has('importExcel')) {
    const importExcel = need(service.importExcel, 'importExcel');
    const importPerm = need(perm.import, 'perm.import');
    r.post(
      `${basePath}/importExcel`,
      { config: { kind: 'resource', permission: importPerm }, schema: { ...doc('importExcel'), ...replies(importReportSchema) } },
      async (request) => {
        const file = await request.file();
        if (!file) throw new BizError('请上传 Excel 文件');
        if (!/\.xlsx$/i.test(file.filename)) throw new BizError('只支持 .xlsx 格式的 Excel 文件');
        const report = await importExcel(ctxOf(request), await file.toBuffer());
        return report.errorCount ? ok(report, '文件导入成功，但有错误。', 201) : ok(report, report.msg, 200);
      },
    );
    if (decl.importTemplate) {
      const template = need(service.importTemplate, 'importTemplate');
      r.get(
        `${basePath}/importTemplate`,
        { config: { kind: 'resource', permission: importPerm }, schema: { ...doc('importTemplate'), ...excelReply(`${decl.entity}导入模板（.xlsx）`) } },
        async (request, reply) => sendExcel(reply, await template(ctxOf(request))),
      );
    }
  }
}
