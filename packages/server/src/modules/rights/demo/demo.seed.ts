import { eq, inArray, sql } from 'drizzle-orm';
import { addDays, ApprovalBizType, ApprovalNode, CertifyStatus, chinaToday, EnterStatus, RightsOrgType } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { hashPassword } from '../../../platform/auth/password.ts';
import { RoleId } from '../../../seed/buttons.ts';
import { sysDepart } from '../../identity/depart/depart.table.ts';
import { nextOrgCode } from '../../identity/depart/org-code.ts';
import { sysUser, sysUserDepart, sysUserRole } from '../../identity/user/user.table.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { rightsBankAccount } from '../../core/tables/bank.table.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { rightsRight } from '../right/right.table.ts';
import {
  AGENCIES,
  DEMO_AGENCY_DEPART,
  DEMO_HOLDER_DEPART,
  MEMBERS,
  ORGS,
  REGION_CODE,
  type Stage,
  at,
  creditCode,
  generatedPassword,
  newIdOf,
  prng,
} from './demo.data.ts';
import { demoBankAccounts, demoRights, type ReadyOrg } from './demo.records.ts';

/**
 * 演示数据 (SEED_DEMO, empty database only): organisations in every enrolment and certification state
 * with their departments and users, bank accounts in every review state, a few hundred protected-rights
 * records whose dates make every derived flag occur, and the approval records of every decision.
 */
export async function seedRightsDemo(db: Db, announce: (text: string) => void, today = chinaToday()): Promise<void> {
  const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from rights_org`);
  if (n > 0) return;
  const rand = prng(20_261_122);

  // Who decides: the demo reviewer and finance users when present, else the administrator.
  const staff = await db
    .select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname })
    .from(sysUser)
    .where(inArray(sysUser.username, ['reviewer', 'finance', 'admin']));
  const admin = staff.find((s) => s.username === 'admin');
  const reviewer = staff.find((s) => s.username === 'reviewer') ?? admin;
  const finance = staff.find((s) => s.username === 'finance') ?? admin;
  if (!reviewer || !finance) return;

  const existingUsers = new Map(
    (
      await db
        .select({ id: sysUser.id, username: sysUser.username })
        .from(sysUser)
        .where(
          inArray(
            sysUser.username,
            ORGS.map((o) => o.username),
          ),
        )
    ).map((u) => [u.username, u.id]),
  );
  const existingDeparts = new Set(
    (
      await db
        .select({ id: sysDepart.id })
        .from(sysDepart)
        .where(inArray(sysDepart.id, [DEMO_AGENCY_DEPART, DEMO_HOLDER_DEPART]))
    ).map((d) => d.id),
  );
  const siblingCodes = await db
    .select({ parentId: sysDepart.parentId, orgCode: sysDepart.orgCode })
    .from(sysDepart)
    .where(inArray(sysDepart.parentId, [AGENCIES, MEMBERS]));
  const lastCode: Record<string, string | null> = {
    [AGENCIES]:
      siblingCodes
        .filter((c) => c.parentId === AGENCIES)
        .map((c) => c.orgCode)
        .sort()
        .at(-1) ?? null,
    [MEMBERS]:
      siblingCodes
        .filter((c) => c.parentId === MEMBERS)
        .map((c) => c.orgCode)
        .sort()
        .at(-1) ?? null,
  };
  const parentCode = { [AGENCIES]: 'A02', [MEMBERS]: 'A03' };

  const departs: (typeof sysDepart.$inferInsert)[] = [];
  const orgs: (typeof rightsOrg.$inferInsert)[] = [];
  const approvals: (typeof rightsApproval.$inferInsert)[] = [];
  const newUsers: { id: string; username: string; realname: string; password: string; departId: string; orgCode: string; roleId: string }[] = [];
  const ready: ReadyOrg[] = [];
  const approval = (a: Omit<typeof rightsApproval.$inferInsert, 'id' | 'approverName' | 'createBy'>, who: { id: string; username: string; realname: string }) =>
    approvals.push({ id: newIdOf(rand), approverName: who.realname, createBy: who.username, createTime: a.approveTime, ...a });

  for (const [i, o] of ORGS.entries()) {
    if (o.departId && !existingDeparts.has(o.departId)) continue;
    const holder = o.type === RightsOrgType.holder;
    const parent = holder ? MEMBERS : AGENCIES;
    const enrolled = ['enrolled', 'certifying', 'certified', 'certifyFailed', 'disabled'].includes(o.stage);
    const id = newIdOf(rand);
    const created = addDays(today, -400 + i * 7);
    let departId: string | null = null;
    let orgCode: string | null = null;
    if (o.departId) {
      departId = o.departId;
      orgCode = holder ? 'A03A01' : 'A02A01';
    } else if (enrolled) {
      orgCode = nextOrgCode(parentCode[parent], lastCode[parent]);
      lastCode[parent] = orgCode;
      departId = newIdOf(rand);
      departs.push({
        id: departId,
        parentId: parent,
        departName: o.name,
        orgCode,
        orgCategory: '2',
        orgType: '2',
        departOrder: 0,
        description: '入驻机构（演示数据）',
        createBy: 'system',
        createTime: at(addDays(created, 5)),
      });
    }
    let userId = existingUsers.get(o.username) ?? null;
    if (!userId) {
      userId = newIdOf(rand);
      newUsers.push({
        id: userId,
        username: o.username,
        realname: o.realname,
        password: generatedPassword(),
        departId: departId ?? parent,
        orgCode: orgCode ?? parentCode[parent],
        roleId: holder ? RoleId.holder : RoleId.agency,
      });
    }
    const submitted = o.stage !== 'draft';
    const enterStatus =
      { draft: EnterStatus.draft, pending: EnterStatus.pending, rejected: EnterStatus.rejected, disabled: EnterStatus.disabled }[o.stage as string] ??
      EnterStatus.enrolled;
    const certifyStatus =
      { certifying: CertifyStatus.pending, certified: CertifyStatus.certified, certifyFailed: CertifyStatus.failed, disabled: CertifyStatus.certified }[
        o.stage as string
      ] ?? CertifyStatus.none;
    const certifySubmitted = certifyStatus !== CertifyStatus.none;
    const enrolDecided = enrolled || o.stage === 'rejected';
    const certifyDecided = certifyStatus === CertifyStatus.certified || certifyStatus === CertifyStatus.failed;
    const org = {
      id,
      orgName: o.name,
      orgType: o.type,
      creditCode: o.stage === 'draft' && i % 2 === 0 ? null : creditCode(rand, REGION_CODE[o.region] ?? '330100'),
      legalPerson: o.legalPerson,
      regAddress: `${o.region}${rand.pick(['人民路', '解放路', '中山路', '文化路', '建设路'])}${rand.int(1, 300)}号`,
      officeAddress: o.stage === 'draft' ? null : `${o.region}${rand.pick(['科技园', '商务中心', '金融大厦', '创业园'])}${rand.int(2, 20)}楼`,
      foundDate: addDays(today, -rand.int(3 * 365, 20 * 365)),
      agentFilingNo: o.type === RightsOrgType.agency && o.stage !== 'draft' ? `TM${rand.int(100000, 999999)}` : null,
      contactName: o.contact,
      contactPhone: `13${rand.int(0, 9)}${String(rand.int(0, 99_999_999)).padStart(8, '0')}`,
      contactEmail: o.stage === 'draft' ? null : `${o.key}@example.com`,
      region: o.region,
      enterStatus,
      certifyStatus,
      auditOpinion:
        o.stage === 'rejected'
          ? rand.pick(['营业执照扫描件不清晰，请重新上传', '统一社会信用代码与营业执照不一致', '注册地址与营业执照不符'])
          : enrolDecided
            ? '材料齐全，同意入驻'
            : null,
      auditBy: enrolDecided ? reviewer.realname : null,
      auditTime: enrolDecided ? at(addDays(created, 5)) : null,
      certifyOpinion:
        certifyStatus === CertifyStatus.failed ? '执业许可证已过有效期，请上传有效证件' : certifyStatus === CertifyStatus.certified ? '资质文件核验通过' : null,
      certifyBy: certifyDecided ? reviewer.realname : null,
      certifyTime: certifyDecided ? at(addDays(created, 12)) : null,
      applicantId: userId,
      submitBy: submitted ? userId : null,
      submitTime: submitted ? at(addDays(created, 2)) : null,
      certifySubmitBy: certifySubmitted ? userId : null,
      certifySubmitTime: certifySubmitted ? at(addDays(created, 9)) : null,
      departId,
      sysOrgCode: orgCode,
      createBy: o.username,
      createTime: at(created),
    };
    orgs.push(org);
    if (enrolDecided) {
      approval(
        {
          bizType: ApprovalBizType.enrol,
          bizId: id,
          bizTitle: o.name,
          node: ApprovalNode.first,
          result: enrolled ? '1' : '2',
          opinion: org.auditOpinion,
          approverId: reviewer.id,
          approveTime: org.auditTime!,
          orgId: id,
          sysOrgCode: orgCode,
        },
        reviewer,
      );
    }
    if (certifyDecided) {
      approval(
        {
          bizType: ApprovalBizType.certify,
          bizId: id,
          bizTitle: o.name,
          node: ApprovalNode.first,
          result: certifyStatus === CertifyStatus.certified ? '1' : '2',
          opinion: org.certifyOpinion,
          approverId: reviewer.id,
          approveTime: org.certifyTime!,
          orgId: id,
          sysOrgCode: orgCode,
        },
        reviewer,
      );
    }
    if (enrolled) ready.push({ org, userId, type: o.type, key: o.key });
  }

  const banks = demoBankAccounts(ready, rand, today, finance, approval);
  const rights = demoRights(ready, rand, today, reviewer, approval);

  const hashes = await Promise.all(newUsers.map((u) => hashPassword(u.password)));
  const insertAll = async <T>(rowsToInsert: T[], insert: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rowsToInsert.length; i += 200) await insert(rowsToInsert.slice(i, i + 200));
  };
  if (departs.length) await db.insert(sysDepart).values(departs);
  if (newUsers.length) {
    await db.insert(sysUser).values(
      newUsers.map((u, i) => ({
        id: u.id,
        username: u.username,
        realname: u.realname,
        password: hashes[i],
        orgCode: u.orgCode,
        status: 1,
        delFlag: 0,
        userIdentity: 1,
        createBy: 'system',
      })),
    );
    await db.insert(sysUserRole).values(newUsers.map((u) => ({ id: newIdOf(rand), userId: u.id, roleId: u.roleId })));
    await db.insert(sysUserDepart).values(newUsers.map((u) => ({ id: newIdOf(rand), userId: u.id, depId: u.departId })));
  }
  await db.insert(rightsOrg).values(orgs);
  await insertAll(banks, (chunk) => db.insert(rightsBankAccount).values(chunk));
  await insertAll(rights, (chunk) => db.insert(rightsRight).values(chunk));
  await insertAll(approvals, (chunk) => db.insert(rightsApproval).values(chunk));
  // The demo users of demo:users:v1 already sit in their organisations' departments; keep their code current.
  for (const o of ORGS.filter((x) => x.departId && existingDeparts.has(x.departId))) {
    await db
      .update(sysUser)
      .set({ orgCode: o.departId === DEMO_AGENCY_DEPART ? 'A02A01' : 'A03A01' })
      .where(eq(sysUser.username, o.username));
  }

  if (newUsers.length) {
    const stageText: Record<Stage, string> = {
      draft: '未提交',
      pending: '待审核',
      rejected: '已驳回',
      enrolled: '已入驻·未认证',
      certifying: '已入驻·认证中',
      certified: '已入驻·已认证',
      certifyFailed: '已入驻·认证失败',
      disabled: '已停用',
    };
    const lines = newUsers.map((u) => {
      const o = ORGS.find((x) => x.username === u.username)!;
      return `  ${u.username.padEnd(10)} ${u.password}  ${o.name}（${stageText[o.stage]}）`;
    });
    announce(`已创建演示机构账号（密码只显示这一次）：\n${lines.join('\n')}`);
  }
}
