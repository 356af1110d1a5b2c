import type { ReportAccess, ReportColumn, ReportParam } from '@sbwq/contracts';
import { REPORT_LIST_COMPONENT, reportMenuUrl, SORTABLE_REPORT_TYPES } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { RoleId, seedMenuScreens, seedMenuSection } from '../../../seed/buttons.ts';
import { ONLINE_MENU_ID, REPORT_MENU_ID } from '../../core/ids/menus.ts';
import { onlCgreportHead, onlCgreportItem, onlCgreportParam } from './report.table.ts';

type SeedReport = {
  code: string;
  name: string;
  access: ReportAccess;
  cgrSql: string;
  columns: Partial<ReportColumn>[];
  params?: ReportParam[];
  content: string;
};

const col = (fieldName: string, fieldTxt: string, more: Partial<ReportColumn> = {}): Partial<ReportColumn> => ({ fieldName, fieldTxt, ...more });

/**
 * The pickers real forms use (JPopup): an organisation's own approved, unexpired rights (涉及权利 of the
 * clue-batch form, narrowed to the caller's organisation by `#{my_org_id}`), and the enrolled
 * organisations (the staff filters of the batch and claim lists).
 */
export const PICKER_REPORTS: SeedReport[] = [
  {
    code: 'pick_my_right',
    name: '选择受保护权利',
    access: 'all',
    content: '线索批次表单的“涉及权利”：本机构已审核通过、未过期的受保护权利',
    cgrSql: `select r.id, r.trademark_name, r.reg_no, r.nice_class, r.expire_date
  from rights_right r
 where r.org_id = #{my_org_id} and r.audit_status = '1' and r.del_flag = '0'
   and (r.expire_date is null or r.expire_date >= current_date)
   and (r.auth_end_date is null or r.auth_end_date >= current_date)`,
    columns: [
      col('id', 'ID', { isShow: false }),
      col('trademark_name', '商标名称', { isSearch: true, searchMode: 'like' }),
      col('reg_no', '注册号', { isSearch: true, searchMode: 'like' }),
      col('nice_class', '类别'),
      col('expire_date', '有效期至', { fieldType: 'Date' }),
    ],
  },
  {
    code: 'pick_org',
    name: '选择机构',
    access: 'staff',
    content: '工作人员筛选线索批次、报销单时选择申请机构',
    cgrSql: `select o.id, o.org_name, o.org_type, o.credit_code, o.region
  from rights_org o
 where o.enter_status = '2'`,
    columns: [
      col('id', 'ID', { isShow: false }),
      col('org_name', '机构名称', { isSearch: true, searchMode: 'like', isOrder: true }),
      col('org_type', '机构类型', { isSearch: true, dictCode: 'rights_org_type' }),
      col('credit_code', '统一社会信用代码', { isSearch: true, searchMode: 'like' }),
      col('region', '所在地区', { isSearch: true, searchMode: 'like' }),
    ],
  },
];

/** The demo reports of the 统计报表 menu; their figures are the business tables' own (no copy to drift). */
export const DEMO_REPORTS: SeedReport[] = [
  {
    code: 'rpt_org_apply',
    name: '机构申请统计',
    access: 'staff',
    content: '各机构线索批次的提交、通过与金额（不含草稿与已删除）',
    cgrSql: `select b.org_id, b.org_name,
       count(*) as batch_count,
       sum(b.item_count) as item_count,
       count(*) filter (where b.status in ('4', '5', '6', '7')) as approved_count,
       count(*) filter (where b.status = '8') as rejected_count,
       sum(b.apply_amount) as apply_amount,
       coalesce(sum(b.approved_amount), 0.00) as approved_amount,
       max(b.submit_time) as last_submit_time
  from rights_batch b
 where b.del_flag = '0' and b.status <> '1'
 group by b.org_id, b.org_name`,
    columns: [
      col('org_id', '机构ID', { isShow: false }),
      col('org_name', '申请机构', { isSearch: true, searchMode: 'like', fieldWidth: 220 }),
      col('batch_count', '批次数', { fieldType: 'Long' }),
      col('item_count', '线索数', { fieldType: 'Long' }),
      col('approved_count', '已通过', { fieldType: 'Long' }),
      col('rejected_count', '已驳回', { fieldType: 'Long' }),
      col('apply_amount', '申请金额（元）', { fieldType: 'Double' }),
      col('approved_amount', '核定金额（元）', { fieldType: 'Double' }),
      col('last_submit_time', '最近提交', { fieldType: 'Datetime', isSearch: true, searchMode: 'group' }),
    ],
  },
  {
    code: 'rpt_pool_flow',
    name: '资金池流水',
    access: 'staff',
    content: '资金池日志：每笔入账、冻结、解冻、支付与退回，以及变动后的可用余额',
    cgrSql: `select l.id, l.pool_code, p.pool_name, l.seq, l.change_type, l.amount, l.balance_after, l.org_name, l.biz_no, l.remark, l.create_time
  from fin_capital_pool_log l
  join fin_capital_pool p on p.id = l.pool_id`,
    columns: [
      col('id', 'ID', { isShow: false }),
      col('pool_code', '资金池编号', { isSearch: true }),
      col('pool_name', '资金池名称', { isSearch: true, searchMode: 'like' }),
      col('seq', '序号', { fieldType: 'Integer' }),
      col('change_type', '变动类型', { isSearch: true, dictCode: 'pool_change_type' }),
      col('amount', '金额（元）', { fieldType: 'Double' }),
      col('balance_after', '变动后可用余额（元）', { fieldType: 'Double' }),
      col('org_name', '机构', { isSearch: true, searchMode: 'like' }),
      col('biz_no', '业务单号', { isSearch: true, searchMode: 'like' }),
      col('remark', '备注', { isShow: false }),
      col('create_time', '时间', { fieldType: 'Datetime', isSearch: true, searchMode: 'group' }),
    ],
  },
  {
    code: 'rpt_batch_summary',
    name: '线索批次汇总',
    access: 'staff',
    content: '按状态汇总线索批次：批次数、线索数与金额（与工作人员的线索批次列表一致：不含机构的草稿与已删除）',
    cgrSql: `select b.status, count(*) as batch_count, sum(b.item_count) as item_count,
       sum(b.apply_amount) as apply_amount, coalesce(sum(b.approved_amount), 0.00) as approved_amount,
       coalesce(sum(b.released_amount), 0.00) as released_amount
  from rights_batch b
 where b.del_flag = '0' and b.status <> '1'
 group by b.status`,
    columns: [
      col('status', '批次状态', { isSearch: true, dictCode: 'threaded_status' }),
      col('batch_count', '批次数', { fieldType: 'Long' }),
      col('item_count', '线索数', { fieldType: 'Long' }),
      col('apply_amount', '申请金额（元）', { fieldType: 'Double' }),
      col('approved_amount', '核定金额（元）', { fieldType: 'Double' }),
      col('released_amount', '已释放金额（元）', { fieldType: 'Double' }),
    ],
  },
];

async function insertReport(db: Db, report: SeedReport): Promise<void> {
  const id = `rpt:${report.code}`.slice(0, 36);
  const [done] = await db
    .insert(onlCgreportHead)
    .values({ id, code: report.code, name: report.name, cgrSql: report.cgrSql, access: report.access, content: report.content, createBy: 'system' })
    .onConflictDoNothing()
    .returning({ id: onlCgreportHead.id });
  if (!done) return;
  await db.insert(onlCgreportItem).values(
    report.columns.map((c, i) => ({
      id: newId(),
      cgrheadId: id,
      fieldName: c.fieldName!,
      fieldTxt: c.fieldTxt ?? c.fieldName!,
      fieldType: c.fieldType ?? 'String',
      isShow: c.isShow ?? true,
      isSearch: c.isSearch ?? false,
      searchMode: c.searchMode ?? 'single',
      // as 解析SQL ticks it: numbers and dates sort unless a column says otherwise
      isOrder: c.isOrder ?? SORTABLE_REPORT_TYPES.includes(c.fieldType ?? 'String'),
      dictCode: c.dictCode ?? null,
      fieldWidth: c.fieldWidth ?? null,
      orderNum: i,
      createBy: 'system',
    })),
  );
  if (report.params?.length)
    await db
      .insert(onlCgreportParam)
      .values(report.params.map((p) => ({ id: newId(), cgrheadId: id, ...p, paramValue: p.paramValue ?? null, createBy: 'system' })));
}

/** 在线开发 (its screens are the features' menus) and the pickers the forms use. */
export async function seedOnline(db: Db): Promise<void> {
  await seedMenuSection(db, { id: ONLINE_MENU_ID, name: '在线开发', url: '/online', icon: 'cloud', sortNo: 92, screens: [] });
  for (const report of PICKER_REPORTS) await insertReport(db, report);
}

/** The demo reports and their 统计报表 menu, for the administrator and the association's staff. */
export async function seedDemoReports(db: Db): Promise<void> {
  for (const report of DEMO_REPORTS) await insertReport(db, report);
  await seedMenuSection(db, { id: REPORT_MENU_ID, name: '统计报表', url: '/report', icon: 'bar-chart', sortNo: 85, screens: [] });
  await seedMenuScreens(
    db,
    REPORT_MENU_ID,
    DEMO_REPORTS.map((r) => ({
      key: r.code,
      name: r.name,
      url: reportMenuUrl(r.code),
      component: REPORT_LIST_COMPONENT,
      icon: 'table',
      codes: [],
      roles: [RoleId.reviewer, RoleId.finance],
    })),
  );
}
