import { eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  addMonths,
  ApprovalBizType,
  ApprovalNode,
  AuditStatus,
  CertifyStatus,
  chinaToday,
  computeExpireDate,
  EnterStatus,
  RightsOrgType,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { hashPassword } from '../../../platform/auth/password.ts';
import { RoleId } from '../../../seed/buttons.ts';
import { sysDepart } from '../../system/depart/depart.table.ts';
import { nextOrgCode } from '../../system/depart/org-code.ts';
import { sysUser, sysUserDepart, sysUserRole } from '../../system/user/user.table.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { rightsBankAccount } from '../../core/tables/bank.table.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { rightsRight } from '../right/right.table.ts';
import {
  AGENCIES,
  BANKS,
  CLASSES_BY_TYPE,
  DEMO_AGENCY_DEPART,
  DEMO_HOLDER_DEPART,
  GOODS,
  LATIN,
  MEMBERS,
  NAME_FIRST,
  NAME_SECOND,
  NAME_THIRD,
  ORGS,
  REGION_CODE,
  type Stage,
  at,
  creditCode,
  generatedPassword,
  newIdOf,
  prng,
  regDateFor,
} from './demo.data.ts';

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
  const staff = await db.select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname }).from(sysUser).where(inArray(sysUser.username, ['reviewer', 'finance', 'admin']));
  const admin = staff.find((s) => s.username === 'admin');
  const reviewer = staff.find((s) => s.username === 'reviewer') ?? admin;
  const finance = staff.find((s) => s.username === 'finance') ?? admin;
  if (!reviewer || !finance) return;

  const existingUsers = new Map(
    (await db.select({ id: sysUser.id, username: sysUser.username }).from(sysUser).where(inArray(sysUser.username, ORGS.map((o) => o.username)))).map((u) => [u.username, u.id]),
  );
  const existingDeparts = new Set((await db.select({ id: sysDepart.id }).from(sysDepart).where(inArray(sysDepart.id, [DEMO_AGENCY_DEPART, DEMO_HOLDER_DEPART]))).map((d) => d.id));
  const siblingCodes = await db.select({ parentId: sysDepart.parentId, orgCode: sysDepart.orgCode }).from(sysDepart).where(inArray(sysDepart.parentId, [AGENCIES, MEMBERS]));
  const lastCode: Record<string, string | null> = {
    [AGENCIES]: siblingCodes.filter((c) => c.parentId === AGENCIES).map((c) => c.orgCode).sort().at(-1) ?? null,
    [MEMBERS]: siblingCodes.filter((c) => c.parentId === MEMBERS).map((c) => c.orgCode).sort().at(-1) ?? null,
  };
  const parentCode = { [AGENCIES]: 'A02', [MEMBERS]: 'A03' };

  const departs: (typeof sysDepart.$inferInsert)[] = [];
  const orgs: (typeof rightsOrg.$inferInsert)[] = [];
  const approvals: (typeof rightsApproval.$inferInsert)[] = [];
  const newUsers: { id: string; username: string; realname: string; password: string; departId: string; orgCode: string; roleId: string }[] = [];
  const ready: { org: (typeof rightsOrg.$inferInsert) & { id: string }; userId: string; type: string; key: string }[] = [];
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
      departs.push({ id: departId, parentId: parent, departName: o.name, orgCode, orgCategory: '2', orgType: '2', departOrder: 0, description: '入驻机构（演示数据）', createBy: 'system', createTime: at(addDays(created, 5)) });
    }
    let userId = existingUsers.get(o.username) ?? null;
    if (!userId) {
      userId = newIdOf(rand);
      newUsers.push({ id: userId, username: o.username, realname: o.realname, password: generatedPassword(), departId: departId ?? parent, orgCode: orgCode ?? parentCode[parent], roleId: holder ? RoleId.holder : RoleId.agency });
    }
    const submitted = o.stage !== 'draft';
    const enterStatus = { draft: EnterStatus.draft, pending: EnterStatus.pending, rejected: EnterStatus.rejected, disabled: EnterStatus.disabled }[o.stage as string] ?? EnterStatus.enrolled;
    const certifyStatus =
      { certifying: CertifyStatus.pending, certified: CertifyStatus.certified, certifyFailed: CertifyStatus.failed, disabled: CertifyStatus.certified }[o.stage as string] ?? CertifyStatus.none;
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
      auditOpinion: o.stage === 'rejected' ? rand.pick(['营业执照扫描件不清晰，请重新上传', '统一社会信用代码与营业执照不一致', '注册地址与营业执照不符']) : enrolDecided ? '材料齐全，同意入驻' : null,
      auditBy: enrolDecided ? reviewer.realname : null,
      auditTime: enrolDecided ? at(addDays(created, 5)) : null,
      certifyOpinion: certifyStatus === CertifyStatus.failed ? '执业许可证已过有效期，请上传有效证件' : certifyStatus === CertifyStatus.certified ? '资质文件核验通过' : null,
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
      approval({ bizType: ApprovalBizType.enrol, bizId: id, bizTitle: o.name, node: ApprovalNode.first, result: enrolled ? '1' : '2', opinion: org.auditOpinion, approverId: reviewer.id, approveTime: org.auditTime!, orgId: id, sysOrgCode: orgCode }, reviewer);
    }
    if (certifyDecided) {
      approval({ bizType: ApprovalBizType.certify, bizId: id, bizTitle: o.name, node: ApprovalNode.first, result: certifyStatus === CertifyStatus.certified ? '1' : '2', opinion: org.certifyOpinion, approverId: reviewer.id, approveTime: org.certifyTime!, orgId: id, sysOrgCode: orgCode }, reviewer);
    }
    if (enrolled) ready.push({ org, userId, type: o.type, key: o.key });
  }

  // Bank accounts: each enrolled organisation has an approved default; some also one waiting or rejected.
  const banks: (typeof rightsBankAccount.$inferInsert)[] = [];
  for (const [i, r] of ready.entries()) {
    const states = [AuditStatus.approved, ...(i % 3 === 0 ? [AuditStatus.pending] : []), ...(i % 3 === 1 ? [AuditStatus.rejected] : []), ...(i % 4 === 0 ? [AuditStatus.pending] : [])];
    for (const [j, state] of states.entries()) {
      const [bankName, code] = rand.pick(BANKS);
      const city = r.org.region!.slice(3, 5);
      const id = newIdOf(rand);
      const submitTime = at(addDays(today, -300 + i * 10 + j));
      const decided = state !== AuditStatus.pending;
      const accountNo = `${rand.pick(['6222', '6228', '6217', '6214', '3301'])}${String(rand.int(0, 999_999_999_999)).padStart(12, '0')}${j % 2 ? String(rand.int(100, 999)) : ''}`;
      banks.push({
        id,
        orgId: r.org.id,
        accountName: j === 1 && state === AuditStatus.rejected ? `${r.org.orgName.slice(0, 4)}（个人）` : r.org.orgName,
        bankName,
        branchName: `${city}${rand.pick(['分行营业部', '西湖支行', '城东支行', '高新支行', '开发区支行'])}`,
        accountNo,
        bankCode: `${code}${String(rand.int(0, 999_999_999)).padStart(9, '0')}`,
        accountNature: j === 0 ? '1' : rand.pick(['1', '2']),
        isDefault: j === 0 ? '1' : '0',
        status: '1',
        auditStatus: state,
        remark: j === 0 ? '基本户' : null,
        auditOpinion: state === AuditStatus.rejected ? '开户名称与机构名称不一致' : decided ? '开户许可证核对无误' : null,
        auditBy: decided ? finance.realname : null,
        auditTime: decided ? at(addDays(today, -290 + i * 10 + j)) : null,
        submitBy: r.userId,
        submitTime,
        sysOrgCode: r.org.sysOrgCode,
        createBy: 'system',
        createTime: submitTime,
      });
      if (decided) {
        approval({ bizType: ApprovalBizType.bank, bizId: id, bizTitle: `${bankName} 尾号${accountNo.slice(-4)}`, node: ApprovalNode.finance, result: state === AuditStatus.approved ? '1' : '2', opinion: banks.at(-1)!.auditOpinion, approverId: finance.id, approveTime: banks.at(-1)!.auditTime!, orgId: r.org.id, sysOrgCode: r.org.sysOrgCode }, finance);
      }
    }
  }

  // Protected-rights records of the certified (and disabled) organisations: ~320, dates spread so that
  // every derived flag occurs, most of them approved, some waiting, some drafts, some rejected.
  const owners = ready.filter((r) => r.org.certifyStatus === CertifyStatus.certified);
  const agencies = owners.filter((r) => r.type !== RightsOrgType.holder).map((r) => r.org.orgName!);
  const holders = [...owners.filter((r) => r.type === RightsOrgType.holder).map((r) => r.org.orgName!), '浙江绿源茶业有限公司', '杭州恒达电子科技有限公司', '宁波佳乐服饰有限公司', '温州瑞祥鞋业有限公司'];
  const rights: (typeof rightsRight.$inferInsert)[] = [];
  const usedNames = new Set<string>();
  const weights = [80, 70, 50, 40, 40, 40, 40];
  let regNo = 10_000_000 + rand.int(0, 9_000_000);
  for (const [oi, owner] of owners.entries()) {
    const count = weights[oi] ?? 30;
    const holderOrg = owner.type === RightsOrgType.holder;
    const classes = owner.key === 'huamei' ? CLASSES_BY_TYPE.food : owner.key === 'demoHolder' ? CLASSES_BY_TYPE.tech : CLASSES_BY_TYPE.general;
    for (let k = 0; k < count; k++) {
      let name = '';
      do {
        name = k % 17 === 5 ? rand.pick(LATIN) : `${rand.pick(NAME_FIRST)}${rand.pick(NAME_SECOND)}${rand.pick(NAME_THIRD)}`;
      } while (usedNames.has(`${owner.key}:${name}`) && usedNames.size < 5000);
      usedNames.add(`${owner.key}:${name}`);
      // One record in eight each lands in a flag window; the rest spread over 2008–2024.
      const lane = k % 8;
      let expire: string;
      if (lane === 0) expire = addDays(today, rand.int(1, 360));
      else if (lane === 1) expire = addDays(today, -rand.int(1, 175));
      else if (lane === 2) expire = addDays(today, -rand.int(200, 2000));
      else expire = computeExpireDate(addDays('2008-01-01', rand.int(0, 17 * 365)));
      const regDate = regDateFor(expire);
      const expireDate = computeExpireDate(regDate);
      const graceEnd = addMonths(expireDate, 6);
      const legalStatus = expireDate >= today ? (lane === 0 && k % 3 === 0 ? '2' : '1') : graceEnd >= today ? '3' : '4';
      const authStart = addDays(regDate, rand.int(30, 400)) > today ? regDate : addDays(regDate, rand.int(30, 400));
      const authEnd = lane === 3 ? addDays(today, -rand.int(1, 300)) : addDays(today, rand.int(60, 5 * 365));
      const state = k % 10 < 6 ? AuditStatus.approved : k % 10 < 8 ? AuditStatus.pending : k % 10 === 8 ? AuditStatus.draft : AuditStatus.rejected;
      const nice = rand.pick(classes);
      const id = newIdOf(rand);
      const created = at(addDays(today, -rand.int(20, 380)));
      const submitted = state !== AuditStatus.draft;
      const decided = state === AuditStatus.approved || state === AuditStatus.rejected;
      regNo += rand.int(1, 9000);
      rights.push({
        id,
        orgId: owner.org.id,
        trademarkName: name,
        regNo: String(regNo),
        niceClass: nice,
        goodsServices: GOODS[nice],
        trademarkType: k % 29 === 7 ? '2' : k % 37 === 11 ? '3' : k % 53 === 13 ? '4' : '1',
        registrant: holderOrg ? owner.org.orgName! : rand.pick(holders),
        registrantAddress: `${owner.org.region}${rand.pick(['滨江区', '西湖区', '余杭区', '鄞州区', '南湖区', '婺城区'])}${rand.pick(['江南大道', '文一路', '创新路', '新华路'])}${rand.int(1, 999)}号`,
        regDate,
        expireDate,
        legalStatus,
        authOrg: holderOrg ? rand.pick(agencies) : owner.org.orgName!,
        authStartDate: authStart,
        authEndDate: authEnd,
        remark: null,
        auditStatus: state,
        auditOpinion: state === AuditStatus.rejected ? rand.pick(['注册号与商标注册证不一致', '授权委托书未加盖公章', '核定商品与注册证不符']) : state === AuditStatus.approved ? '与商标注册证一致' : null,
        auditBy: decided ? reviewer.realname : null,
        auditTime: decided ? new Date(created.getTime() + 3 * 86_400_000) : null,
        submitBy: submitted ? owner.userId : null,
        submitTime: submitted ? new Date(created.getTime() + 86_400_000) : null,
        sysOrgCode: owner.org.sysOrgCode,
        createBy: 'system',
        createTime: created,
      });
      if (decided) {
        approval(
          { bizType: ApprovalBizType.right, bizId: id, bizTitle: `${name}（第${nice}类 ${regNo}）`, node: ApprovalNode.first, result: state === AuditStatus.approved ? '1' : '2', opinion: rights.at(-1)!.auditOpinion, approverId: reviewer.id, approveTime: rights.at(-1)!.auditTime!, orgId: owner.org.id, sysOrgCode: owner.org.sysOrgCode },
          reviewer,
        );
      }
    }
  }

  const hashes = await Promise.all(newUsers.map((u) => hashPassword(u.password)));
  const insertAll = async <T>(rowsToInsert: T[], insert: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rowsToInsert.length; i += 200) await insert(rowsToInsert.slice(i, i + 200));
  };
  if (departs.length) await db.insert(sysDepart).values(departs);
  if (newUsers.length) {
    await db.insert(sysUser).values(
      newUsers.map((u, i) => ({ id: u.id, username: u.username, realname: u.realname, password: hashes[i], orgCode: u.orgCode, status: 1, delFlag: 0, userIdentity: 1, createBy: 'system' })),
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
    await db.update(sysUser).set({ orgCode: o.departId === DEMO_AGENCY_DEPART ? 'A02A01' : 'A03A01' }).where(eq(sysUser.username, o.username));
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
