import { sql } from 'drizzle-orm';
import { BATCH_RECORD_DICTS, BatchDict, ClaimDict, fieldLabel, moneyText, POOL_AMOUNT_TEXT, type DataLogField } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import type { DictService } from '../../config/dict/dict.service.ts';

/**
 * A stored version as people read it (issue 36): coded fields as their dictionary text, accounts as
 * the person's name, internal ids and storage paths left out (a file shows as 已上传), times in Beijing
 * time, the fields that name the record first. Only the showing changes: the stored versions (and the
 * chain over them) stay as they were written.
 */

/** `money`: amount fields, shown with thousands separators as every other screen shows money (the stored text is exact: only the showing changes). */
type Shape = { first: readonly string[]; dicts: Readonly<Record<string, string>>; money?: readonly string[] };

const SHAPES: Readonly<Record<string, Shape>> = {
  rights_org: {
    first: ['orgName', 'orgType', 'enterStatus', 'certifyStatus', 'creditCode'],
    dicts: { orgType: 'rights_org_type', enterStatus: 'enter_status', certifyStatus: 'certify_status' },
  },
  rights_right: {
    first: ['trademarkName', 'regNo', 'niceClass', 'auditStatus', 'orgName'],
    dicts: { niceClass: 'nice_class', trademarkType: 'trademark_type', legalStatus: 'legal_status', auditStatus: 'audit_status' },
  },
  rights_bank_account: {
    first: ['accountName', 'bankName', 'branchName', 'accountNo', 'auditStatus', 'status'],
    dicts: { accountNature: 'account_nature', isDefault: 'yn', status: 'valid_status', auditStatus: 'audit_status' },
  },
  rights_batch: {
    first: ['batchNo', 'batchName', 'status', 'orgName', 'poolName', 'applyAmount', 'approvedAmount'],
    dicts: BATCH_RECORD_DICTS,
    money: ['applyAmount', 'approvedAmount', 'releasedAmount'],
  },
  rights_batch_item: { first: ['batchNo', 'seq', 'status', 'linkUrl', 'shopName', 'goodsName'], dicts: { status: BatchDict.itemStatus }, money: ['price'] },
  fin_claim: {
    first: ['claimNo', 'batchNo', 'batchName', 'status', 'expenseType', 'orgName', 'applyAmount', 'approvedAmount'],
    dicts: { status: ClaimDict.status, expenseType: ClaimDict.expenseType },
    money: ['applyAmount', 'deductions', 'approvedAmount', 'invoiceTotal'],
  },
  fin_capital_pool: {
    first: ['poolCode', 'poolName', 'status', 'fundSource', 'totalAmount', 'balanceAmount'],
    dicts: { fundSource: 'fund_source', status: 'pool_status' },
    money: Object.keys(POOL_AMOUNT_TEXT),
  },
  sys_user: { first: ['username', 'realname', 'status'], dicts: { sex: 'sex', status: 'user_status' } },
  sys_role: { first: ['roleName', 'roleCode'], dicts: {} },
  onl_cgreport_head: { first: ['name', 'code'], dicts: {} },
  sys_gateway_route: { first: ['name', 'routerId', 'pathPrefix'], dicts: {} },
  sys_data_source: { first: ['name', 'code', 'dbType'], dicts: {} },
  sys_quartz_job: { first: ['jobKey', 'cronExpression', 'status'], dicts: {} },
};

/** An amount as stored (numeric text, or a number in an older version's JSON). */
const AMOUNT = /^-?\d+(\.\d+)?$/;

/** The record's audit fields, shown after its own. */
const LAST = ['sysOrgCode', 'createBy', 'createTime', 'updateBy', 'updateTime'];
/** Fields holding an account (JeecgBoot writes the username): shown as the person's name. */
const ACCOUNT_FIELDS = new Set(['createBy', 'updateBy', 'submitBy', 'auditBy', 'certifyBy', 'certifySubmitBy', 'bizReviewBy', 'financeReviewBy', 'paidBy']);
/** Stored upload paths: what matters is that a file is there, not where the server keeps it. */
const FILE_FIELDS = new Set([
  'licenseFile',
  'practiceFile',
  'filingFile',
  'markImage',
  'authLetter',
  'evidenceFiles',
  'closureFiles',
  'proofFile',
  'payVoucher',
  'avatar',
  'evidence',
]);
/** Internal ids that name nothing to a reader (the record's own, foreign keys, the delete flag); a name beside them says it. */
const HIDDEN = (field: string) => field === 'id' || field === 'delFlag' || field === 'tenantId' || /[a-z]Ids?$/.test(field);
/** The one id with no name beside it in every table: the organisation, shown by its name. */
const ORG_ID = 'orgId';

/** A timestamp with a zone (the demo's raw rows, `…+00`): in Beijing time; a date, or a time already written in Beijing time, as it is. */
const ZONED = /^\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d(:?\d\d)?)$/;

/**
 * The 批次编号 of a batch item's version: an item row holds only its batch's id, so it is looked up (a
 * version that carries the number itself keeps it) — "第 1 条" alone named an item of every batch.
 */
function itemBatchNo(content: Record<string, unknown>, look?: Pick<Lookups, 'batches'>): string | null {
  if (typeof content.batchNo === 'string' && content.batchNo) return content.batchNo;
  return typeof content.batchId === 'string' ? (look?.batches.get(content.batchId) ?? null) : null;
}

/** The business number or name a version's record is known by (批次编号, 报销单号, 机构名称 …), from its content. */
export function titleOf(table: string, content: Record<string, unknown> | null | undefined, look?: Pick<Lookups, 'batches'>): string | null {
  if (!content) return null;
  const key = table === 'rights_batch_item' ? null : SHAPES[table]?.first[0];
  const main = key ? content[key] : null;
  if (table === 'rights_batch_item') {
    const batch = itemBatchNo(content, look);
    return content.seq !== undefined && content.seq !== null ? `${batch ? `${batch} ` : ''}第 ${String(content.seq)} 条` : batch;
  }
  return typeof main === 'string' && main ? main : null;
}

export type Lookups = { names: Map<string, string>; orgs: Map<string, string>; batches: Map<string, string>; texts: Map<string, Map<string, string>> };

/** Everything the contents need looked up, for a set of versions at once: the people's names, the organisations', the dictionary texts. */
export async function lookupsFor(db: Db, dicts: DictService, versions: readonly { table: string; content: Record<string, unknown> }[]): Promise<Lookups> {
  const accounts = new Set<string>();
  const orgIds = new Set<string>();
  const batchIds = new Set<string>();
  const codes = new Map<string, Set<string>>();
  for (const { table, content } of versions) {
    const shape = SHAPES[table];
    if (table === 'rights_batch_item' && typeof content.batchId === 'string' && !content.batchNo) batchIds.add(content.batchId);
    for (const [field, value] of Object.entries(content)) {
      if (ACCOUNT_FIELDS.has(field) && typeof value === 'string' && value) accounts.add(value);
      if (field === ORG_ID && typeof value === 'string' && value && !content.orgName) orgIds.add(value);
      const code = shape?.dicts[field];
      if (code && value !== null && value !== undefined && value !== '') {
        const set = codes.get(code) ?? new Set<string>();
        for (const v of String(value).split(',')) set.add(v);
        codes.set(code, set);
      }
    }
  }
  const names = new Map<string, string>();
  if (accounts.size) {
    // most write the account; a few (提交人) the user's id
    const list = sql.join(
      [...accounts].map((a) => sql`${a}`),
      sql`, `,
    );
    const found = await rows<{ id: string; username: string; realname: string | null }>(
      db,
      sql`select id, username, realname from sys_user where username in (${list}) or id in (${list})`,
    );
    for (const u of found) {
      names.set(u.username, u.realname || u.username);
      names.set(u.id, u.realname || u.username);
    }
  }
  const orgs = new Map<string, string>();
  if (orgIds.size) {
    const found = await rows<{ id: string; org_name: string }>(
      db,
      sql`select id, org_name from rights_org where id in (${sql.join(
        [...orgIds].map((a) => sql`${a}`),
        sql`, `,
      )})`,
    );
    for (const o of found) orgs.set(o.id, o.org_name);
  }
  const batches = new Map<string, string>();
  if (batchIds.size) {
    const found = await rows<{ id: string; batch_no: string }>(
      db,
      sql`select id, batch_no from rights_batch where id in (${sql.join(
        [...batchIds].map((a) => sql`${a}`),
        sql`, `,
      )})`,
    );
    for (const b of found) batches.set(b.id, b.batch_no);
  }
  const texts = new Map<string, Map<string, string>>();
  for (const [code, values] of codes) texts.set(code, await dicts.translate(code, [...values]));
  return { names, orgs, batches, texts };
}

function textOf(table: string, field: string, value: unknown, look: Lookups): string {
  if (value === null || value === undefined || value === '') return '—';
  if (FILE_FIELDS.has(field)) {
    const count = Array.isArray(value) ? value.length : String(value).split(',').filter(Boolean).length;
    return count > 1 ? `已上传（${count} 个文件）` : '已上传';
  }
  const code = SHAPES[table]?.dicts[field];
  if (code)
    return String(value)
      .split(',')
      .map((v) => look.texts.get(code)?.get(v) ?? v)
      .join('、');
  if (ACCOUNT_FIELDS.has(field) && typeof value === 'string') return look.names.get(value) ?? value;
  if (SHAPES[table]?.money?.includes(field) && (typeof value === 'string' || typeof value === 'number') && AMOUNT.test(String(value)))
    return moneyText(String(value));
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string') return ZONED.test(value) ? (formatDateTime(value) ?? value) : value;
  return JSON.stringify(value);
}

/** A version's content as the screens show it, field by field, in reading order. */
export function displayOf(table: string, content: Record<string, unknown>, look: Lookups): DataLogField[] {
  const shape = SHAPES[table];
  const keys = Object.keys(content);
  const first = (shape?.first ?? []).filter((k) => keys.includes(k));
  const last = LAST.filter((k) => keys.includes(k) && !first.includes(k));
  const middle = keys.filter((k) => !first.includes(k) && !last.includes(k));
  const out: DataLogField[] = [];
  if (table === 'rights_batch_item' && !content.batchNo) {
    const batchNo = itemBatchNo(content, look);
    if (batchNo) out.push({ field: 'batchNo', label: '批次编号', text: batchNo });
  }
  for (const field of [...first, ...middle, ...last]) {
    if (field === ORG_ID) {
      if (content.orgName) continue;
      const id = content[field];
      out.push({ field, label: '机构名称', text: typeof id === 'string' ? (look.orgs.get(id) ?? '—') : '—' });
      continue;
    }
    if (HIDDEN(field)) continue;
    out.push({ field, label: fieldLabel(table, field), text: textOf(table, field, content[field], look) });
  }
  return out;
}
