import { eq, inArray } from 'drizzle-orm';
import {
  MessageMsg,
  messageTemplateAddBody,
  MsgType,
  type MessageTemplateAddBody,
  type MessageTemplateEditBody,
  type MessageTemplateRecord,
  type Page,
  type PreviewReply,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { columnsOf, importColumnsOf, toWorkbook, type ImportReport } from '../../../platform/excel/excel.ts';
import { bodyOf, importRows } from '../../../platform/resource/resource-excel.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { renderTemplate, templateVariables, type TemplateVars } from '../../core/notice/notice-template.ts';
import { sanitizeContent } from '../../core/notice/announcement.html.ts';
import { sysSmsTemplate } from './message.table.ts';

export const templateWhitelist: ListResource = {
  table: sysSmsTemplate,
  fields: fieldsOf(sysSmsTemplate, {
    templateCode: 'string',
    templateName: 'string',
    templateContent: 'string',
    templateType: 'string',
    createTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

type Row = typeof sysSmsTemplate.$inferSelect;

const typeTexts = async (ctx: ResourceCtx) => new Map(((await ctx.deps.dicts.allItems()).msgType ?? []).map((i) => [i.value, i.text]));

const record = (row: Row, types: Map<string, string>): MessageTemplateRecord => ({
  ...(withDateTexts(row) as Omit<MessageTemplateRecord, 'templateType_dictText'>),
  templateType_dictText: types.get(row.templateType),
});

export async function listTemplates(ctx: ResourceCtx, params: ListParams): Promise<Page<MessageTemplateRecord>> {
  const page = await pageOf<Row>(ctx.db, templateWhitelist, params, { tieBreak: sysSmsTemplate.id });
  const types = await typeTexts(ctx);
  return { ...page, records: page.records.map((r) => record(r, types)) };
}

export async function templateById(ctx: ResourceCtx, id: string): Promise<MessageTemplateRecord> {
  const [row] = await ctx.db.select().from(sysSmsTemplate).where(eq(sysSmsTemplate.id, id));
  if (!row) throw new BizError(MessageMsg.templateNotFound);
  return record(row, await typeTexts(ctx));
}

/** The test data as variables; the schema already refused what is not a JSON object. */
export const testVars = (json: string | null | undefined): TemplateVars => {
  if (!json?.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as TemplateVars;
  } catch {
    // refused below
  }
  throw new BizError(MessageMsg.testJsonBad);
};

/** A template is saved only when it parses (its title too): a broken one would fail every notice sent with it. */
function checkSyntax(body: { templateName: string; templateContent: string }) {
  templateVariables(body.templateName);
  templateVariables(body.templateContent);
}

const values = (body: MessageTemplateAddBody) => ({
  templateCode: body.templateCode,
  templateName: body.templateName,
  templateContent: body.templateContent,
  templateType: body.templateType,
  templateTestJson: body.templateTestJson ?? null,
});

export async function addTemplate(ctx: ResourceCtx, body: MessageTemplateAddBody): Promise<void> {
  checkSyntax(body);
  const [taken] = await ctx.db.select({ id: sysSmsTemplate.id }).from(sysSmsTemplate).where(eq(sysSmsTemplate.templateCode, body.templateCode));
  if (taken) throw new BizError(MessageMsg.codeTaken);
  try {
    await ctx.db.insert(sysSmsTemplate).values({ id: newId(), ...values(body), ...created(ctx.user) });
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(MessageMsg.codeTaken);
    throw error;
  }
}

export async function editTemplate(ctx: ResourceCtx, body: MessageTemplateEditBody): Promise<void> {
  checkSyntax(body);
  const [row] = await ctx.db.select({ id: sysSmsTemplate.id }).from(sysSmsTemplate).where(eq(sysSmsTemplate.id, body.id));
  if (!row) throw new BizError(MessageMsg.templateNotFound);
  try {
    await ctx.db
      .update(sysSmsTemplate)
      .set({ ...values(body), ...updated(ctx.user) })
      .where(eq(sysSmsTemplate.id, body.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(MessageMsg.codeTaken);
    throw error;
  }
}

export async function deleteTemplates(ctx: ResourceCtx, ids: string[]): Promise<void> {
  await ctx.db.delete(sysSmsTemplate).where(inArray(sysSmsTemplate.id, ids));
}

/**
 * A template's title and content as the log keeps and the channel sends them. A system message's content
 * is HTML: its values are escaped and the result cleaned as the bell shows it (an unbalanced or hostile
 * tag cannot reach a page); an SMS or e-mail is plain text. What does not fit the log is refused, never cut.
 */
export function renderForSend(template: { name: string; content: string }, type: string | null | undefined, vars: TemplateVars): PreviewReply {
  const title = renderTemplate(template.name, vars);
  const rendered = renderTemplate(template.content, vars, { html: type === MsgType.system });
  const content = type === MsgType.system ? (sanitizeContent(rendered) ?? '') : rendered;
  if (title.length > 100) throw new BizError(MessageMsg.renderedTooLong('标题', 100));
  if (content.length > 4000) throw new BizError(MessageMsg.renderedTooLong('内容', 4000));
  return { title, content };
}

/** 预览: the title and content with the test data, exactly as a send on the template's channel renders them. */
export function previewTemplate(body: {
  templateName?: string | null;
  templateContent: string;
  templateTestJson?: string | null;
  templateType?: string | null;
}): PreviewReply {
  return renderForSend({ name: body.templateName ?? '', content: body.templateContent }, body.templateType, testVars(body.templateTestJson));
}

const exportColumns = columnsOf<MessageTemplateRecord>({
  templateCode: ['模板CODE', 24],
  templateName: ['模板标题', 30],
  templateContent: ['模板内容', 60],
  templateType: ['模板类型', 10],
  templateTestJson: ['测试数据', 40],
});

export async function exportTemplates(ctx: ResourceCtx, params: ListParams): Promise<ExcelFile> {
  const query: ListParams = { ...params, pageNo: '1', pageSize: '10000' };
  const page = await listTemplates(ctx, query);
  const selected = typeof params.selections === 'string' && params.selections ? new Set(params.selections.split(',')) : null;
  const records = selected ? page.records.filter((r) => selected.has(r.id)) : page.records;
  return { body: await toWorkbook('消息模板', exportColumns, records), fileName: '消息模板.xlsx', asciiName: 'message-templates.xlsx' };
}

const importColumns = importColumnsOf({
  templateCode: '*模板CODE',
  templateName: '*模板标题',
  templateContent: '*模板内容',
  templateType: '*模板类型',
  templateTestJson: '测试数据',
});

/** Rows are checked as the form checks them; a bad row is skipped and reported, a code already there is refused. */
export async function importTemplates(ctx: ResourceCtx, file: Buffer): Promise<ImportReport> {
  return importRows(file, importColumns, (values) => addTemplate(ctx, bodyOf(messageTemplateAddBody, values)));
}

export async function templateByCode(db: Db, code: string): Promise<Row | undefined> {
  const [row] = await db.select().from(sysSmsTemplate).where(eq(sysSmsTemplate.templateCode, code));
  return row;
}

export const resource = {
  list: listTemplates,
  byId: templateById,
  add: addTemplate,
  edit: editTemplate,
  remove: deleteTemplates,
  exportXls: exportTemplates,
  importExcel: importTemplates,
};
