import { and, eq } from 'drizzle-orm';
import { AuditStatus, computeExpireDate, rightBody, type DictModel, type RightRecord } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { importReport, readWorkbook, toWorkbook, type ExcelColumn } from '../../../platform/excel/excel.ts';
import type { ListParams } from '../../../platform/list/list-query.ts';
import { exportRowsOf } from '../../../platform/list/export-pages.ts';
import type { ExcelFile } from '../../../platform/resource/resource-routes.ts';
import type { DictService } from '../../system/dict/dict.service.ts';
import { requireReadyOrg } from '../../core/org/org-context.ts';
import { listRights } from './right.service.ts';
import { rightsRight } from './right.table.ts';

/** The columns an import reads; an export writes them first, so that an exported file imports again. */
const importColumns = [
  { title: '商标名称', key: 'trademarkName', required: true },
  { title: '注册号', key: 'regNo', required: true },
  { title: '国际分类', key: 'niceClass', required: true },
  { title: '核定商品/服务', key: 'goodsServices' },
  { title: '商标类型', key: 'trademarkType' },
  { title: '注册人', key: 'registrant', required: true },
  { title: '注册人地址', key: 'registrantAddress' },
  { title: '注册日期', key: 'regDate', required: true },
  { title: '法律状态', key: 'legalStatus' },
  { title: '授权机构', key: 'authOrg' },
  { title: '授权开始日期', key: 'authStartDate' },
  { title: '授权期限', key: 'authEndDate' },
  { title: '备注', key: 'remark' },
];

const exportColumns: ExcelColumn<RightRecord>[] = [
  { title: '商标名称', key: 'trademarkName', width: 20 },
  { title: '注册号', key: 'regNo', width: 14 },
  { title: '国际分类', key: 'niceClass', width: 10 },
  { title: '核定商品/服务', key: 'goodsServices', width: 40 },
  { title: '商标类型', key: 'trademarkType', value: (r) => r.trademarkType_dictText ?? r.trademarkType },
  { title: '注册人', key: 'registrant', width: 28 },
  { title: '注册人地址', key: 'registrantAddress', width: 30 },
  { title: '注册日期', key: 'regDate', width: 12 },
  { title: '法律状态', key: 'legalStatus', value: (r) => r.legalStatus_dictText ?? r.legalStatus },
  { title: '授权机构', key: 'authOrg', width: 26 },
  { title: '授权开始日期', key: 'authStartDate', width: 12 },
  { title: '授权期限', key: 'authEndDate', width: 12 },
  { title: '备注', key: 'remark', width: 20 },
  { title: '专用权期限', key: 'expireDate', width: 24, value: (r) => `${r.regDate} 至 ${r.expireDate}` },
  { title: '到期标记', key: 'flagTexts', value: (r) => r.flagTexts.join('、') },
  { title: '审核状态', key: 'auditStatus', value: (r) => r.auditStatus_dictText ?? r.auditStatus },
  { title: '所属机构', key: 'orgName', width: 26 },
];

export async function exportRights(db: Db, dicts: DictService, user: SessionUser, query: ListParams): Promise<ExcelFile> {
  const records = await exportRowsOf((params) => listRights(db, dicts, user, params), query);
  return { body: await toWorkbook('受保护权利', exportColumns, records), fileName: '受保护权利.xlsx', asciiName: 'rights.xlsx' };
}

/** The import's header row, nothing else. */
export async function rightImportTemplate(): Promise<ExcelFile> {
  return { body: await toWorkbook('受保护权利导入模板', importColumns, []), fileName: '受保护权利导入模板.xlsx', asciiName: 'rights-template.xlsx' };
}

/** A dictionary cell: its value, or its text as the export writes it. */
function dictCell(items: DictModel[] | undefined, cell: string): string {
  if (!cell) return '';
  return items?.find((i) => i.value === cell || i.text === cell)?.value ?? cell;
}

/** `9`, `09`, `第9类` or the dictionary text `第9类 科学仪器（商品）`. */
function niceCell(cell: string): string {
  const m = /^第?\s*0?(\d{1,2})\s*类?/.exec(cell);
  return m ? m[1] : cell;
}

/**
 * Imports rows as drafts (草稿) of the caller's organisation. A row with an error is skipped and reported
 * with its row number and reason; a mark already registered by the organisation (注册号 + 国际分类), or
 * twice in the file, is an error.
 */
export async function importRights(db: Db, user: SessionUser, buffer: Buffer, dicts: Record<string, DictModel[]>) {
  const org = await requireReadyOrg(db, user);
  const rows = await readWorkbook(buffer, importColumns);
  const existing = new Set(
    (
      await db
        .select({ regNo: rightsRight.regNo, niceClass: rightsRight.niceClass })
        .from(rightsRight)
        .where(and(eq(rightsRight.orgId, org.id), eq(rightsRight.delFlag, '0')))
    ).map((r) => `${r.regNo}#${r.niceClass}`),
  );
  const seen = new Map<string, number>();
  const errors: { row: number; message: string }[] = [];
  const inserts: (typeof rightsRight.$inferInsert)[] = [];
  const now = new Date();
  for (const { rowNumber, values } of rows) {
    const parsed = rightBody.safeParse({
      ...values,
      niceClass: niceCell(values.niceClass),
      trademarkType: dictCell(dicts.trademark_type, values.trademarkType) || undefined,
      legalStatus: dictCell(dicts.legal_status, values.legalStatus) || undefined,
    });
    if (!parsed.success) {
      errors.push({ row: rowNumber, message: parsed.error.issues[0]?.message ?? '数据不正确' });
      continue;
    }
    const body = parsed.data;
    const key = `${body.regNo}#${body.niceClass}`;
    if (seen.has(key)) {
      errors.push({ row: rowNumber, message: `与第 ${seen.get(key)} 行重复（注册号 ${body.regNo}，第${body.niceClass}类）` });
      continue;
    }
    if (existing.has(key)) {
      errors.push({ row: rowNumber, message: `本机构已登记注册号 ${body.regNo} 第${body.niceClass}类` });
      continue;
    }
    seen.set(key, rowNumber);
    inserts.push({
      id: newId(),
      orgId: org.id,
      trademarkName: body.trademarkName,
      regNo: body.regNo,
      niceClass: body.niceClass,
      goodsServices: body.goodsServices,
      trademarkType: body.trademarkType,
      registrant: body.registrant,
      registrantAddress: body.registrantAddress,
      regDate: body.regDate,
      expireDate: computeExpireDate(body.regDate),
      legalStatus: body.legalStatus,
      authOrg: body.authOrg,
      authStartDate: body.authStartDate,
      authEndDate: body.authEndDate,
      remark: body.remark,
      auditStatus: AuditStatus.draft,
      sysOrgCode: org.sysOrgCode,
      createBy: user.username,
      createTime: now,
    });
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < inserts.length; i += 500) await tx.insert(rightsRight).values(inserts.slice(i, i + 500));
  });
  return importReport(rows.length, errors);
}
