import type { rightsApproval } from '../../core/approval/approval.table.ts';
import type { rightsBankAccount } from '../../core/tables/bank.table.ts';
import type { rightsOrg } from '../../core/org/org.table.ts';
import type { rightsRight } from '../right/right.table.ts';
import { addDays, addMonths, ApprovalBizType, ApprovalNode, AuditStatus, CertifyStatus, computeExpireDate, RightsOrgType } from '@sbwq/contracts';
import { BANKS, CLASSES_BY_TYPE, GOODS, LATIN, NAME_FIRST, NAME_SECOND, NAME_THIRD, at, newIdOf, type prng, regDateFor } from './demo.data.ts';

type Who = { id: string; username: string; realname: string };
/** An organisation of the demo that finished enrolment, with its user. */
export type ReadyOrg = { org: typeof rightsOrg.$inferInsert & { id: string }; userId: string; type: string; key: string };
/** Records one decision (an approval record) as the demo's seed collects them. */
export type Approve = (a: Omit<typeof rightsApproval.$inferInsert, 'id' | 'approverName' | 'createBy'>, who: Who) => unknown;
type Rand = ReturnType<typeof prng>;

/** The decision on a demo record just written (approved, or else rejected), as its approval record. */
function recordDecision(
  approval: Approve,
  row: { id?: string; auditStatus?: string | null; auditOpinion?: string | null; auditTime?: Date | null },
  org: ReadyOrg['org'],
  who: Who,
  what: { bizType: string; bizTitle: string; node: string },
) {
  approval(
    {
      ...what,
      bizId: row.id!,
      result: row.auditStatus === AuditStatus.approved ? '1' : '2',
      opinion: row.auditOpinion,
      approverId: who.id,
      approveTime: row.auditTime!,
      orgId: org.id,
      sysOrgCode: org.sysOrgCode,
    },
    who,
  );
}

/** Bank accounts: each enrolled organisation has an approved default; some also one waiting or rejected. */
export function demoBankAccounts(ready: ReadyOrg[], rand: Rand, today: string, finance: Who, approval: Approve) {
  const banks: (typeof rightsBankAccount.$inferInsert)[] = [];
  for (const [i, r] of ready.entries()) {
    const states = [
      AuditStatus.approved,
      ...(i % 3 === 0 ? [AuditStatus.pending] : []),
      ...(i % 3 === 1 ? [AuditStatus.rejected] : []),
      ...(i % 4 === 0 ? [AuditStatus.pending] : []),
    ];
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
        recordDecision(approval, banks.at(-1)!, r.org, finance, {
          bizType: ApprovalBizType.bank,
          bizTitle: `${bankName} 尾号${accountNo.slice(-4)}`,
          node: ApprovalNode.finance,
        });
      }
    }
  }
  return banks;
}

/** Protected-rights records of the certified (and disabled) organisations: ~320, dates spread so that every derived flag occurs, most of them approved, some waiting, some drafts, some rejected. */
export function demoRights(ready: ReadyOrg[], rand: Rand, today: string, reviewer: Who, approval: Approve) {
  const owners = ready.filter((r) => r.org.certifyStatus === CertifyStatus.certified);
  const agencies = owners.filter((r) => r.type !== RightsOrgType.holder).map((r) => r.org.orgName!);
  const holders = [
    ...owners.filter((r) => r.type === RightsOrgType.holder).map((r) => r.org.orgName!),
    '浙江绿源茶业有限公司',
    '杭州恒达电子科技有限公司',
    '宁波佳乐服饰有限公司',
    '温州瑞祥鞋业有限公司',
  ];
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
        auditOpinion:
          state === AuditStatus.rejected
            ? rand.pick(['注册号与商标注册证不一致', '授权委托书未加盖公章', '核定商品与注册证不符'])
            : state === AuditStatus.approved
              ? '与商标注册证一致'
              : null,
        auditBy: decided ? reviewer.realname : null,
        auditTime: decided ? new Date(created.getTime() + 3 * 86_400_000) : null,
        submitBy: submitted ? owner.userId : null,
        submitTime: submitted ? new Date(created.getTime() + 86_400_000) : null,
        sysOrgCode: owner.org.sysOrgCode,
        createBy: 'system',
        createTime: created,
      });
      if (decided) {
        recordDecision(approval, rights.at(-1)!, owner.org, reviewer, {
          bizType: ApprovalBizType.right,
          bizTitle: `${name}（第${nice}类 ${regNo}）`,
          node: ApprovalNode.first,
        });
      }
    }
  }
  return rights;
}
