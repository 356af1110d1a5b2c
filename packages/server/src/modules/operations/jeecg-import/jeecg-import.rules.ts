import { and, eq } from 'drizzle-orm';
import {
  checkRuleItems,
  fillRuleSequenceParams,
  isJobKey,
  JOB_DEFINITIONS,
  jobKeyOfClassName,
  nextRunAfter,
  SEQUENCE_RULE_CLASS,
  type JobKey,
} from '@sbwq/contracts';
import { sanitizeContent } from '../../core/notice/announcement.html.ts';
import { sysAnnouncement, sysAnnouncementSend } from '../../core/notice/announcement.table.ts';
import { vetRules } from '../../config/check-rule/check-rule.service.ts';
import { sysCheckRule } from '../../config/check-rule/check-rule.table.ts';
import { isFillRuleClass } from '../../config/fill-rule/fill-rule.classes.ts';
import { sysFillRule } from '../../config/fill-rule/fill-rule.table.ts';
import { sysQuartzJob } from '../job/job.table.ts';
import { sysPermissionDataRule } from '../../identity/permission/permission.table.ts';
import { sysTenant } from '../../identity/tenant/tenant.table.ts';
import { audit, int, str, time, upsert, type Ctx, type GroupReport, type Source } from './jeecg-import.rows.ts';

/*
 * The table groups after users and dictionaries (issue 40): data rules, fill and check rules,
 * announcements with their read state, tenants and quartz jobs, under the service's conflict rule.
 */

type Row = Record<string, unknown> & { id: string };

/** Data rules of the stock menus that reach a screen here: they hang on our menu row. */
export async function importDataRules(ctx: Ctx, source: Source, permMap: Map<string, string>, menuName: Map<string, string>) {
  const rows: Row[] = [];
  const unmapped = new Map<string, number>();
  for (const r of await source.rows('sys_permission_data_rule')) {
    const permissionId = permMap.get(String(r.permission_id));
    if (!permissionId) {
      const name = r.permission_id == null ? '（无所属菜单）' : (menuName.get(String(r.permission_id)) ?? `编号 ${String(r.permission_id)}`);
      unmapped.set(name, (unmapped.get(name) ?? 0) + 1);
      continue;
    }
    rows.push({
      id: String(r.id),
      permissionId,
      ruleName: str(r.rule_name, 50),
      ruleColumn: str(r.rule_column, 50),
      ruleConditions: str(r.rule_conditions, 50),
      ruleValue: str(r.rule_value, 300),
      status: str(r.status, 3) ?? '1',
      ...audit(r),
    });
  }
  const map = await upsert(ctx, '数据规则', sysPermissionDataRule, 'ruleName', rows, undefined, (row) =>
    and(eq(sysPermissionDataRule.permissionId, String(row.permissionId)), eq(sysPermissionDataRule.ruleName, String(row.ruleName))),
  );
  const g = ctx.report.groups.at(-1)!;
  g.source += [...unmapped.values()].reduce((a, b) => a + b, 0);
  g.skipped += [...unmapped.values()].reduce((a, b) => a + b, 0);
  if (unmapped.size)
    ctx.report.notImported.push(`数据规则：所属菜单在本系统没有对应页面，未导入 ${[...unmapped].map(([name, n]) => `${name} ${n} 条`).join('、')}`);
  return map;
}

/** A JSON object of at most 500 characters, or null (JeecgBoot kept anything in rule_params). */
function paramsObject(text: unknown): Record<string, unknown> | null {
  if (typeof text !== 'string' || text.length > 500) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Fill rules name a Java class in JeecgBoot; here the name is a key of a fixed registry, so a rule of a class
 * this server does not provide is listed, not imported. The sequence's prefix comes from the stock
 * parameter `prefix` where it is one we accept.
 */
export async function importFillRules(ctx: Ctx, source: Source) {
  const rows: Row[] = [];
  const stock = await source.rows('sys_fill_rule');
  for (const r of stock) {
    const ruleClass = String(r.rule_class ?? '');
    if (!isFillRuleClass(ruleClass)) {
      ctx.report.notImported.push(`填值规则 ${String(r.rule_code)}：实现类 ${ruleClass} 本系统没有，未导入`);
      continue;
    }
    const params = paramsObject(r.rule_params);
    const sequence = ruleClass === SEQUENCE_RULE_CLASS ? fillRuleSequenceParams.safeParse(params ?? {}) : null;
    rows.push({
      id: String(r.id),
      ruleName: str(r.rule_name, 100) ?? String(r.rule_code),
      ruleCode: String(r.rule_code).slice(0, 64),
      prefix: (sequence?.success && sequence.data.prefix) || '',
      ruleClass,
      ruleParams: params ? JSON.stringify(params) : null,
      ...audit(r),
    });
  }
  await upsert(ctx, '填值规则', sysFillRule, 'ruleCode', rows, undefined, undefined, ['prefix', 'datePattern', 'seqWidth', 'resetCycle']);
  const g = ctx.report.groups.at(-1)!;
  g.source += stock.length - rows.length;
  g.skipped += stock.length - rows.length;
}

/** Check rules pass the same vetting as one saved here (a pattern that backtracks catastrophically is refused). */
export async function importCheckRules(ctx: Ctx, source: Source) {
  const rows: Row[] = [];
  const stock = await source.rows('sys_check_rule');
  for (const r of stock) {
    let items;
    try {
      items = checkRuleItems.parse(JSON.parse(String(r.rule_json)));
      if (String(r.rule_json).length > 1024) throw new Error('too long');
      await vetRules(items);
    } catch {
      ctx.report.notImported.push(`校验规则 ${String(r.rule_code)}：规则内容无效或正则表达式不安全，未导入`);
      continue;
    }
    rows.push({
      id: String(r.id),
      ruleName: str(r.rule_name, 100) ?? String(r.rule_code),
      ruleCode: String(r.rule_code).slice(0, 100),
      ruleJson: String(r.rule_json),
      ruleDescription: str(r.rule_description, 200),
      ...audit(r),
    });
  }
  await upsert(ctx, '校验规则', sysCheckRule, 'ruleCode', rows);
  const g = ctx.report.groups.at(-1)!;
  g.source += stock.length - rows.length;
  g.skipped += stock.length - rows.length;
}

/**
 * Announcements with their deliveries and read state; the recipients are the users brought in (a recipient
 * kept as ours is not given the stock one's deliveries). The HTML is sanitised as on save.
 */
export async function importAnnouncements(ctx: Ctx, source: Source, ownUser: (id: unknown) => string | null) {
  const users = (ids: unknown) =>
    typeof ids === 'string'
      ? ids
          .split(',')
          .map((id) => ownUser(id.trim()))
          .filter(Boolean)
      : [];
  const annts = (await source.rows('sys_announcement')).map((r) => ({
    id: String(r.id),
    titile: str(r.titile, 100) ?? '',
    msgContent: sanitizeContent(str(r.msg_content, 1_000_000)),
    startTime: time(r.start_time),
    endTime: time(r.end_time),
    sender: str(r.sender, 100),
    priority: str(r.priority, 10),
    msgCategory: str(r.msg_category, 10) ?? '2',
    msgType: str(r.msg_type, 10),
    sendStatus: str(r.send_status, 10) ?? '0',
    sendTime: time(r.send_time),
    cancelTime: time(r.cancel_time),
    delFlag: str(r.del_flag, 1) ?? '0',
    busType: str(r.bus_type, 20),
    busId: str(r.bus_id, 50),
    openType: str(r.open_type, 20),
    openPage: str(r.open_page),
    userIds:
      r.msg_type === 'USER'
        ? users(r.user_ids)
            .map((id) => `${id},`)
            .join('')
        : str(r.user_ids, 100_000),
    msgAbstract: str(r.msg_abstract, 100_000),
    ...audit(r),
  }));
  // every stock announcement is its own: the id is the key (titles repeat)
  const map = await upsert(ctx, '通告', sysAnnouncement, 'id', annts);
  const byId = new Map(annts.map((a) => [a.id, a]));
  const sends: Row[] = [];
  let skipped = 0;
  const stock = await source.rows('sys_announcement_send');
  for (const r of stock) {
    const annt = map.get(String(r.annt_id)) ? byId.get(String(r.annt_id)) : undefined;
    const userId = ownUser(r.user_id);
    if (!annt || !userId) {
      skipped++;
      continue;
    }
    sends.push({
      id: String(r.id),
      anntId: annt.id,
      userId,
      readFlag: str(r.read_flag, 10) ?? '0',
      readTime: time(r.read_time),
      msgCategory: annt.msgCategory,
      anntTime: annt.createTime,
      live: annt.sendStatus === '1' && annt.delFlag === '0' ? '1' : '0',
      ...audit(r),
    });
  }
  await upsert(ctx, '通告阅读状态', sysAnnouncementSend, 'userId', sends, undefined, (row) =>
    and(eq(sysAnnouncementSend.anntId, String(row.anntId)), eq(sysAnnouncementSend.userId, String(row.userId))),
  );
  const g = ctx.report.groups.at(-1)!;
  g.source += skipped;
  g.skipped += skipped;
}

/** Tenants keep their integer ids; a name or id taken here keeps ours. */
export async function importTenants(ctx: Ctx, source: Source) {
  const rows = (await source.rows('sys_tenant')).map((r) => ({
    id: int(r.id, 0),
    name: str(r.name, 100) ?? String(r.id),
    beginDate: time(r.begin_date),
    endDate: time(r.end_date),
    status: int(r.status, 1),
    createBy: str(r.create_by, 32),
    createTime: time(r.create_time),
  }));
  await upsert(ctx, '租户', sysTenant as never, 'name', rows as never);
}

/** Stock job classes whose work a job of our registry does (JeecgBoot's message sender is our 消息发送). */
const STOCK_JOBS: Record<string, JobKey> = { 'org.jeecg.modules.message.job.SendMsgJob': 'messageSend' };

/**
 * Quartz jobs: a stock class with a counterpart here is that job of our registry — ours exists (every
 * installation seeds it) and keeps its schedule, which is listed; one an administrator removed is added
 * back with the stock schedule. A class without a counterpart is reported.
 */
export async function importJobs(ctx: Ctx, source: Source) {
  // a job JeecgBoot deleted (del_flag 1) is not one to bring
  const stock = (await source.rows('sys_quartz_job')).filter((r) => String(r.del_flag ?? '0') === '0');
  const g: GroupReport = { group: '定时任务', source: stock.length, added: 0, updated: 0, unchanged: 0, skipped: 0 };
  ctx.report.groups.push(g);
  const other: string[] = [];
  for (const r of stock) {
    const className = String(r.job_class_name ?? '').trim();
    const key = STOCK_JOBS[className] ?? jobKeyOfClassName(className);
    if (!key || !isJobKey(key)) {
      g.skipped++;
      other.push(className);
      continue;
    }
    const [ours] = await ctx.db.select({ id: sysQuartzJob.id }).from(sysQuartzJob).where(eq(sysQuartzJob.jobKey, key));
    if (ours) {
      g.unchanged++;
      ctx.report.conflicts.push(`定时任务 ${className}：对应本系统的「${JOB_DEFINITIONS[key].title}」，保留本系统的执行计划与参数`);
      continue;
    }
    let cron = String(r.cron_expression ?? '');
    let nextRun: Date | null;
    try {
      nextRun = nextRunAfter(cron, new Date());
    } catch {
      cron = JOB_DEFINITIONS[key].cron;
      nextRun = nextRunAfter(cron, new Date());
    }
    g.added++;
    const paused = int(r.status, 0) !== 0;
    if (!ctx.dryRun) {
      await ctx.db
        .insert(sysQuartzJob)
        .values({
          id: String(r.id),
          jobKey: key,
          cronExpression: cron,
          parameter: JSON.stringify(JOB_DEFINITIONS[key].parameter),
          description: str(r.description) ?? JOB_DEFINITIONS[key].summary.slice(0, 255),
          status: paused ? -1 : 0,
          nextRun: paused ? null : nextRun,
          ...audit(r),
        })
        .onConflictDoNothing();
    }
  }
  if (other.length) ctx.report.notImported.push(`定时任务：本系统没有对应任务的 ${other.length} 个（${other.join('、')}）`);
}
