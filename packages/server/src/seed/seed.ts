import { seedDemoReports, seedOnline } from '../modules/reports/report/report.seed.ts';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { newId } from '../platform/db/ids.ts';
import { hashPassword } from '../platform/auth/password.ts';
import { isStrongPassword } from '@sbwq/contracts';
import { sysDepart } from '../modules/identity/depart/depart.table.ts';
import { sysDict, sysDictItem } from '../modules/config/dict/dict.table.ts';
import { sysPermission } from '../modules/identity/permission/permission.table.ts';
import { sysRole, sysRolePermission } from '../modules/identity/role/role.table.ts';
import { sysTenant } from '../modules/identity/tenant/tenant.table.ts';
import { sysUser, sysUserDepart, sysUserRole } from '../modules/identity/user/user.table.ts';
import { seedTableDicts } from '../modules/config/dict/dict.seed.ts';
import { seedCategories } from '../modules/config/category/category.seed.ts';
import { seedFillRules } from '../modules/config/fill-rule/fill-rule.seed.ts';
import { seedCheckRules } from '../modules/config/check-rule/check-rule.seed.ts';
import { SYSTEM_MENU_ID } from '../modules/core/ids/menus.ts';
import { DepartId, SYSTEM_DEPARTS } from '../modules/core/ids/departs.ts';
import { businessDicts, niceClassDict, systemDicts, type DictSeed } from './dictionaries.ts';
import { sysSeed } from './seed.table.ts';
import { seedDraftAuditStatus, seedFileTypes, seedRightsButtons } from '../modules/rights/rights.seed.ts';
import { seedRightsDemo } from '../modules/rights/demo/demo.seed.ts';
import { seedDemoContent } from '../modules/rights/demo/demo.content.ts';
import { seedSmsOutboxDemo } from '../modules/identity/sms/sms.seed.ts';
import { seedRightsMenu } from '../modules/rights/rights.menu.ts';
import { features } from '../modules/features.ts';
import { HOME_PERMISSION_ID, RoleId, seedFeatureMenu, seedMenuSection, type FeatureMenu } from './buttons.ts';
import { seedUserAnnouncementMenu } from '../modules/messaging/announcement/announcement.menu.ts';
import { seedFinanceSection } from '../modules/finance/pool/pool.menu.ts';
import { seedMonitorSection } from '../modules/operations/monitor/monitor.menu.ts';
import { seedPoolDemo } from '../modules/finance/pool/pool.demo.ts';
import { seedBatchDicts } from '../modules/rights/batch/batch.seed.ts';
import { seedBatchDemo } from '../modules/rights/batch/batch.demo.ts';
import { seedClaimDemo } from '../modules/finance/claim/claim.demo.ts';
import { seedClaimVouchers } from '../modules/finance/claim/claim.demo-files.ts';
import { chainUnloggedEvidence } from '../modules/core/files/file-info.service.ts';
import { seedLogDemo } from '../modules/operations/log/log.demo.ts';
import { seedGatewayDemo } from '../modules/operations/gateway/gateway.demo.ts';
import { seedDataLogDemo } from '../modules/operations/datalog/datalog.demo.ts';
import { seedDirectoryDemo } from '../modules/identity/address-list/address-list.demo.ts';
import { renameOwnComponents, STOCK_NAMED_COMPONENTS } from './component-names.ts';
import { seedMessageTemplates } from '../modules/messaging/message/message.seed.ts';
import { seedMessageDemo } from '../modules/messaging/message/message.demo.ts';
import { seedJobRunsDemo, seedJobs } from '../modules/operations/job/job.seed.ts';
import { seedDataSourceDemo, seedDataSourceDict } from '../modules/operations/datasource/datasource.seed.ts';

export { RoleId, HOME_PERMISSION_ID, buttonId, seedButtons } from './buttons.ts';
export { DepartId } from '../modules/core/ids/departs.ts';

/**
 * `dataDir` (DATA_DIR) is where the demo's generated files are stored; without it the demo has no files.
 * `datasourceSecret` and `databaseUrl`: the key the demo data sources' passwords are sealed with
 * (DATASOURCE_SECRET, else DATA_DIR/datasource.key) and the app's own database they point at.
 * `gatewayUpstreams` (GATEWAY_UPSTREAMS' names): a demo gateway route whose upstream is not among them is seeded disabled.
 */
export type SeedOptions = {
  adminPassword: string | null;
  seedDemo: boolean;
  announce: (text: string) => void;
  dataDir?: string | null;
  datasourceSecret?: string | null;
  databaseUrl?: string | null;
  gatewayUpstreams?: string[];
};

type Unit = { key: string; run: (db: Db, opts: SeedOptions) => Promise<void> };

/** A feature's menu rows (`<feature>.menu.ts`) as a seed unit. */
const menuUnit = (menu: FeatureMenu): Unit => ({ key: menu.key, run: (db) => seedFeatureMenu(db, menu) });

async function insertDicts(db: Db, dicts: DictSeed[]) {
  for (const dict of dicts) {
    const dictId = newId();
    await db
      .insert(sysDict)
      .values({ id: dictId, dictName: dict.name, dictCode: dict.code, type: dict.type ?? 0, createBy: 'system' })
      .onConflictDoNothing();
    const [existing] = await db.select({ id: sysDict.id }).from(sysDict).where(eq(sysDict.dictCode, dict.code));
    if (existing.id !== dictId) continue;
    await db
      .insert(sysDictItem)
      .values(
        dict.items.map(([value, text], i) => ({ id: newId(), dictId, itemValue: value, itemText: text, sortOrder: i + 1, status: 1, createBy: 'system' })),
      );
  }
}

/** The items a dictionary seeded earlier lacks, added after its own (what an administrator added or edited is kept). */
async function addMissingItems(db: Db, dict: DictSeed) {
  const [found] = await db.select({ id: sysDict.id }).from(sysDict).where(eq(sysDict.dictCode, dict.code));
  if (!found) return;
  const present = new Set((await db.select({ value: sysDictItem.itemValue }).from(sysDictItem).where(eq(sysDictItem.dictId, found.id))).map((i) => i.value));
  const missing = dict.items.map(([value, text], i) => ({ value, text, sortOrder: i + 1 })).filter((item) => !present.has(item.value));
  if (!missing.length) return;
  await db
    .insert(sysDictItem)
    .values(
      missing.map((m) => ({ id: newId(), dictId: found.id, itemValue: m.value, itemText: m.text, sortOrder: m.sortOrder, status: 1, createBy: 'system' })),
    );
}

function generatedPassword(): string {
  // Letters and digits only, so it survives copy and paste from a terminal; always both kinds.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  for (;;) {
    let out = '';
    for (const b of randomBytes(16)) out += alphabet[b % alphabet.length];
    if (isStrongPassword(out)) return out;
  }
}

async function createUser(
  db: Db,
  user: { id?: string; username: string; realname: string; password: string; roleId: string; departId: string; orgCode: string },
) {
  const id = user.id ?? newId();
  await db.insert(sysUser).values({
    id,
    username: user.username,
    realname: user.realname,
    password: await hashPassword(user.password),
    orgCode: user.orgCode,
    status: 1,
    delFlag: 0,
    userIdentity: 1,
    createBy: 'system',
  });
  await db.insert(sysUserRole).values({ id: newId(), userId: id, roleId: user.roleId });
  await db.insert(sysUserDepart).values({ id: newId(), userId: id, depId: user.departId });
}

/** A department the seed writes, left as it is when it exists; its level (org_type) is its code's, 3 characters a level. */
async function seedDepart(db: Db, d: { id: string; parentId: string; name: string; orgCode: string; category: string; order: number }) {
  await db
    .insert(sysDepart)
    .values({
      id: d.id,
      parentId: d.parentId,
      departName: d.name,
      orgCode: d.orgCode,
      orgCategory: d.category,
      orgType: String(d.orgCode.length / 3),
      departOrder: d.order,
      createBy: 'system',
    })
    .onConflictDoNothing();
}

/** The seed units in the order they run; each runs once per database (its key is recorded in sys_seed). */
const units: Unit[] = [
  {
    key: 'system:tenant:v1',
    run: async (db) => {
      await db.insert(sysTenant).values({ id: 1, name: '商标协会', status: 1, createBy: 'system' }).onConflictDoNothing();
    },
  },
  {
    key: 'system:departs:v1',
    run: async (db) => {
      for (const d of SYSTEM_DEPARTS) await seedDepart(db, d);
    },
  },
  {
    key: 'system:roles:v1',
    run: async (db) => {
      const roles = [
        { id: RoleId.admin, roleCode: 'admin', roleName: '系统管理员', description: '负责系统管理的全部功能' },
        { id: RoleId.reviewer, roleCode: 'reviewer', roleName: '协会审核员', description: '审核入驻、认证、权利备案、线索批次、结案与报销初审' },
        { id: RoleId.finance, roleCode: 'finance', roleName: '协会财务', description: '资金池、报销复审、付款与银行账户审核' },
        { id: RoleId.agency, roleCode: 'agency', roleName: '服务机构', description: '入驻认证、提交线索批次、记录维权进度、申请报销' },
        { id: RoleId.holder, roleCode: 'holder', roleName: '权利人', description: '管理自有商标、授权服务机构、查看维权进度' },
      ];
      for (const role of roles)
        await db
          .insert(sysRole)
          .values({ ...role, createBy: 'system' })
          .onConflictDoNothing();
    },
  },
  { key: 'system:dicts:v1', run: (db) => insertDicts(db, [...systemDicts, ...businessDicts, niceClassDict()]) },
  {
    key: 'menu:dashboard:v1',
    run: async (db) => {
      await db
        .insert(sysPermission)
        .values({
          id: HOME_PERMISSION_ID,
          parentId: null,
          name: '首页',
          url: '/dashboard/analysis',
          component: 'dashboard/Analysis',
          componentName: 'dashboard-analysis',
          menuType: 0,
          sortNo: 0,
          icon: 'home',
          isRoute: 1,
          isLeaf: 1,
          keepAlive: 0,
          hidden: 0,
          status: '1',
          createBy: 'system',
        })
        .onConflictDoNothing();
      for (const roleId of Object.values(RoleId)) {
        await db.insert(sysRolePermission).values({ id: newId(), roleId, permissionId: HOME_PERMISSION_ID, operateDate: new Date() }).onConflictDoNothing();
      }
    },
  },
  {
    key: 'system:admin:v1',
    run: async (db, opts) => {
      const [existing] = await db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin'));
      if (existing) return;
      let password = opts.adminPassword;
      if (password && !isStrongPassword(password)) {
        throw new Error('ADMIN_PASSWORD 不符合密码规则：至少8位，须同时包含字母和数字');
      }
      if (!password) {
        password = generatedPassword();
        opts.announce(`已创建管理员账号 admin，初始密码（只显示这一次，请登录后修改）：${password}`);
      }
      await createUser(db, {
        id: 'e9ca23d68d884d4ebb19d07889727dae',
        username: 'admin',
        realname: '系统管理员',
        password,
        roleId: RoleId.admin,
        departId: DepartId.itCentre,
        orgCode: 'A01A04',
      });
    },
  },
  {
    key: 'demo:users:v1',
    run: async (db, opts) => {
      if (!opts.seedDemo) return;
      const demoDeparts = [
        { id: 'd00000000000000000000000a02a01', parentId: DepartId.agencies, name: '示例知识产权代理有限公司', orgCode: 'A02A01' },
        { id: 'd00000000000000000000000a03a01', parentId: DepartId.members, name: '示例品牌科技股份有限公司', orgCode: 'A03A01' },
      ];
      for (const d of demoDeparts) await seedDepart(db, { ...d, category: '2', order: 0 });
      const users = [
        { username: 'reviewer', realname: '审核员小王', roleId: RoleId.reviewer, departId: DepartId.rightsDept, orgCode: 'A01A02' },
        { username: 'finance', realname: '财务小李', roleId: RoleId.finance, departId: DepartId.financeDept, orgCode: 'A01A03' },
        { username: 'agency', realname: '代理机构张经理', roleId: RoleId.agency, departId: demoDeparts[0].id, orgCode: 'A02A01' },
        { username: 'holder', realname: '权利人赵总', roleId: RoleId.holder, departId: demoDeparts[1].id, orgCode: 'A03A01' },
      ];
      const lines: string[] = [];
      for (const u of users) {
        const password = generatedPassword();
        await createUser(db, { ...u, password });
        lines.push(`  ${u.username.padEnd(10)} ${u.realname.padEnd(10)} ${password}`);
      }
      opts.announce(`已创建演示账号（密码只显示这一次）：\n${lines.join('\n')}`);
    },
  },
  { key: 'system:table-dicts:v1', run: (db) => seedTableDicts(db) },
  { key: 'system:categories:v1', run: (db) => seedCategories(db) },
  { key: 'system:fill-rules:v1', run: (db) => seedFillRules(db) },
  { key: 'system:check-rules:v1', run: (db) => seedCheckRules(db) },
  // 消息模板 (issue 38): the notices the code sends by template code; before any unit that sends one
  { key: 'system:message-templates:v1', run: (db) => seedMessageTemplates(db) },
  // the account-security notice's template (a database seeded with v1 gets it; templates already there are kept)
  { key: 'system:message-templates:v2', run: (db) => seedMessageTemplates(db) },
  // the claim payment notices' templates
  { key: 'system:message-templates:v3', run: (db) => seedMessageTemplates(db) },
  // the decision, batch-review, claim-review and claim-window notices' templates
  { key: 'system:message-templates:v4', run: (db) => seedMessageTemplates(db) },
  // the SMS that carries a notice to whoever chose 短信 in 新消息通知
  { key: 'system:message-templates:v5', run: (db) => seedMessageTemplates(db) },
  {
    // 系统管理 itself; each of its screens is seeded by its own menu unit below, at its fixed sortNo.
    key: 'menu:system-admin:v1',
    run: (db) => seedMenuSection(db, { id: SYSTEM_MENU_ID, name: '系统管理', url: '/isystem', icon: 'setting', sortNo: 90, screens: [] }),
  },
  { key: 'perms:rights-org-bank-right-approval:v1', run: (db) => seedRightsButtons(db) },
  { key: 'rights:dict-draft-audit-status:v1', run: (db) => seedDraftAuditStatus(db) },
  { key: 'demo:rights:v1', run: async (db, opts) => (opts.seedDemo ? seedRightsDemo(db, opts.announce) : undefined) },
  { key: 'menu:announcement:v1', run: (db) => seedUserAnnouncementMenu(db) },
  { key: 'menu:rights:v1', run: (db) => seedRightsMenu(db) },
  { key: 'rights:dict-file-type:v2', run: (db) => seedFileTypes(db) },
  { key: 'demo:content:v1', run: async (db, opts) => (opts.seedDemo ? seedDemoContent(db, opts.dataDir ?? null) : undefined) },
  { key: 'menu:finance:v1', run: (db) => seedFinanceSection(db) },
  { key: 'menu:monitor:v1', run: (db) => seedMonitorSection(db) },
  { key: 'online:section-pickers:v1', run: (db) => seedOnline(db) },
  { key: 'rights:dict-threaded:v1', run: (db) => seedBatchDicts(db) },
  // every feature's own menu rows, now that the sections they go under exist
  ...features.flatMap((feature) => feature.menus ?? []).map(menuUnit),
  // databases seeded before our screens left stock JeecgBoot's component names
  { key: 'menu:own-component-names:v1', run: (db) => renameOwnComponents(db) },
  // and before the system screens took the stock client's component names (issue 36)
  { key: 'menu:stock-component-names:v1', run: (db) => renameOwnComponents(db, STOCK_NAMED_COMPONENTS) },
  { key: 'demo:finance-pool:v1', run: async (db, opts) => (opts.seedDemo ? seedPoolDemo(db) : undefined) },
  { key: 'demo:threaded:v1', run: async (db, opts) => (opts.seedDemo ? seedBatchDemo(db) : undefined) },
  { key: 'demo:finance-claim:v1', run: async (db, opts) => (opts.seedDemo ? seedClaimDemo(db) : undefined) },
  { key: 'demo:finance-claim-vouchers:v1', run: async (db, opts) => (opts.seedDemo ? seedClaimVouchers(db, opts.dataDir ?? null) : undefined) },
  // the demo's evidence files (invoice scans, payment receipts) enter the data log's chain as real uploads do (issue 39)
  { key: 'demo:evidence-chain:v1', run: async (db, opts) => (opts.seedDemo ? void (await chainUnloggedEvidence(db)) : undefined) },
  { key: 'system:quartz-jobs:v1', run: (db) => seedJobs(db) },
  // a database seeded before 结案报销期满解冻 existed gets its row (every other job's row is left as it is)
  { key: 'system:quartz-jobs:v2', run: (db) => seedJobs(db) },
  // and before 消息发送 existed (issue 38)
  { key: 'system:quartz-jobs:v3', run: (db) => seedJobs(db) },
  { key: 'demo:reports:v1', run: async (db, opts) => (opts.seedDemo ? seedDemoReports(db) : undefined) },
  { key: 'demo:quartz-job-runs:v1', run: async (db, opts) => (opts.seedDemo ? seedJobRunsDemo(db) : undefined) },
  { key: 'demo:gateway-routes:v1', run: async (db, opts) => (opts.seedDemo ? seedGatewayDemo(db, opts.gatewayUpstreams ?? []) : undefined) },
  { key: 'demo:sms-outbox:v1', run: async (db, opts) => (opts.seedDemo ? seedSmsOutboxDemo(db) : undefined) },
  { key: 'system:datasource-dict:v1', run: (db) => seedDataSourceDict(db) },
  // 操作类型 登录, 退出登录 and 发送验证码 for a database seeded with stock's six (issue 36)
  {
    key: 'system:dict-operate-type:v2',
    run: (db) =>
      addMissingItems(
        db,
        systemDicts.find((d) => d.code === 'operate_type')!,
      ),
  },
  {
    key: 'demo:datasource:v1',
    run: async (db, opts) => {
      if (!opts.seedDemo || (!opts.datasourceSecret && !opts.dataDir)) return;
      const keys = {
        datasourceSecret: opts.datasourceSecret ?? null,
        dataDir: opts.dataDir ?? '',
        onKeyCreated: (file: string) => opts.announce(`已生成数据源密码的加密密钥文件 ${file}，请妥善备份；生产环境请设置 DATASOURCE_SECRET`),
      };
      await seedDataSourceDemo(db, keys, opts.databaseUrl);
    },
  },
  // after every demo account exists: their 工号, 职务, 座机 and e-mail for 通讯录 (issue 36)
  { key: 'demo:directory:v1', run: async (db, opts) => void (opts.seedDemo ? await seedDirectoryDemo(db) : undefined) },
  // after the directory demo gave the accounts their e-mail and phone: 消息中心's log (issue 38)
  { key: 'demo:messages:v1', run: async (db, opts) => void (opts.seedDemo ? await seedMessageDemo(db) : undefined) },
  // after every business demo: the versions of the records those demos wrote (the chain links them at start)
  { key: 'demo:data-log:v1', run: async (db, opts) => void (opts.seedDemo ? await seedDataLogDemo(db) : undefined) },
  // after every business demo: the log tells what those records say happened
  { key: 'demo:system-log:v1', run: async (db, opts) => void (opts.seedDemo ? await seedLogDemo(db) : undefined) },
];

/** Applies every seed unit not yet applied, each in its own transaction, in order. */
export async function runSeeds(db: Db, opts: SeedOptions): Promise<string[]> {
  const done = new Set((await db.select({ key: sysSeed.key }).from(sysSeed)).map((r) => r.key));
  const applied: string[] = [];
  for (const unit of units) {
    if (done.has(unit.key)) continue;
    await db.transaction(async (tx) => {
      const [claimed] = await tx.insert(sysSeed).values({ key: unit.key }).onConflictDoNothing().returning();
      if (!claimed) return;
      await unit.run(tx, opts);
      applied.push(unit.key);
    });
  }
  return applied;
}
