import { and, eq } from 'drizzle-orm';
import { initialState, rightBody, rightFlow, type DictModel, type RightRecord } from '@sbwq/contracts';
import { newId } from '../../../platform/db/ids.ts';
import { columnsOf, importColumnsOf, importReport, readWorkbook, toWorkbook } from '../../../platform/excel/excel.ts';
import type { ListParams } from '../../../platform/list/list-query.ts';
import { exportRowsOf } from '../../../platform/list/export-pages.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { requireReadyOrg } from '../../core/org/org-context.ts';
import { listRights, rightValues } from './right.service.ts';
import { rightsRight } from './right.table.ts';
import { DataTable, recordVersions } from '../../core/datalog/datalog.service.ts';

/** The columns an import reads; an export writes them first, so that an exported file imports again. */
const importColumns = importColumnsOf({
  trademarkName: '*商标名称',
  regNo: '*注册号',
  niceClass: '*国际分类',
  goodsServices: '核定商品/服务',
  trademarkType: '商标类型',
  registrant: '*注册人',
  registrantAddress: '注册人地址',
  regDate: '*注册日期',
  legalStatus: '法律状态',
  authOrg: '授权机构',
  authStartDate: '授权开始日期',
  authEndDate: '授权期限',
  remark: '备注',
});

const exportColumns = columnsOf<RightRecord>({
  trademarkName: ['商标名称', 20],
  regNo: ['注册号', 14],
  niceClass: ['国际分类', 10],
  goodsServices: ['核定商品/服务', 40],
  trademarkType: ['商标类型', (r) => r.trademarkType_dictText ?? r.trademarkType],
  registrant: ['注册人', 28],
  registrantAddress: ['注册人地址', 30],
  regDate: ['注册日期', 12],
  legalStatus: ['法律状态', (r) => r.legalStatus_dictText ?? r.legalStatus],
  authOrg: ['授权机构', 26],
  authStartDate: ['授权开始日期', 12],
  authEndDate: ['授权期限', 12],
  remark: ['备注', 20],
  expireDate: ['专用权期限', 24, (r) => `${r.regDate} 至 ${r.expireDate}`],
  flagTexts: ['到期标记', (r) => r.flagTexts.join('、')],
  auditStatus: ['审核状态', (r) => r.auditStatus_dictText ?? r.auditStatus],
  orgName: ['所属机构', 26],
});

export async function exportRights(ctx: ResourceCtx, query: ListParams): Promise<ExcelFile> {
  const records = await exportRowsOf((params) => listRights(ctx, params), query);
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
export async function importRights({ db, user, deps }: ResourceCtx, buffer: Buffer) {
  const dicts = await deps.dicts.allItems();
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
      // a sheet has no attachment columns: they stay empty
      ...rightValues(body),
      auditStatus: initialState(rightFlow),
      sysOrgCode: org.sysOrgCode,
      createBy: user.username,
      createTime: now,
    });
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < inserts.length; i += 500) await tx.insert(rightsRight).values(inserts.slice(i, i + 500));
    await recordVersions(
      tx,
      user,
      DataTable.right,
      inserts.map((row) => ({ id: row.id, after: row })),
      now,
    );
  });
  return importReport(rows.length, errors);
}
