import { randomBytes } from 'node:crypto';
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
  creditCodeCheckChar,
  CREDIT_CODE_ALPHABET,
  EnterStatus,
  isStrongPassword,
  RightsOrgType,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { hashPassword } from '../../../platform/auth/password.ts';
import { RoleId } from '../../../seed/buttons.ts';
import { sysDepart } from '../../system/depart/depart.table.ts';
import { nextOrgCode } from '../../system/depart/org-code.ts';
import { sysUser, sysUserDepart, sysUserRole } from '../../system/user/user.table.ts';
import { rightsApproval } from '../approval/approval.table.ts';
import { rightsBankAccount } from '../bank/bank.table.ts';
import { rightsOrg } from '../org/org.table.ts';
import { rightsRight } from '../right/right.table.ts';

/** The departments the seed's system units create (seed.ts), by id. */
const AGENCIES = 'd0000000000000000000000000000a02';
const MEMBERS = 'd0000000000000000000000000000a03';
/** The departments and users of the `demo:users:v1` unit, made real organisations here. */
const DEMO_AGENCY_DEPART = 'd00000000000000000000000a02a01';
const DEMO_HOLDER_DEPART = 'd00000000000000000000000a03a01';

/** mulberry32: a small seeded PRNG, so that the demo data is the same on every machine (for a given day). */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  return { next, int, pick };
}

type Stage = 'draft' | 'pending' | 'rejected' | 'enrolled' | 'certifying' | 'certified' | 'certifyFailed' | 'disabled';

type DemoOrg = {
  key: string;
  name: string;
  type: string;
  stage: Stage;
  region: string;
  legalPerson: string;
  contact: string;
  /** an existing department (the demo:users:v1 unit's) and its user */
  departId?: string;
  username: string;
  realname: string;
};

const ORGS: DemoOrg[] = [
  { key: 'demoAgency', name: '示例知识产权代理有限公司', type: RightsOrgType.agency, stage: 'certified', region: '浙江省杭州市', legalPerson: '张明', contact: '张经理', departId: DEMO_AGENCY_DEPART, username: 'agency', realname: '代理机构张经理' },
  { key: 'demoHolder', name: '示例品牌科技股份有限公司', type: RightsOrgType.holder, stage: 'certified', region: '浙江省杭州市', legalPerson: '赵刚', contact: '赵总', departId: DEMO_HOLDER_DEPART, username: 'holder', realname: '权利人赵总' },
  { key: 'zhixin', name: '杭州智信商标代理有限公司', type: RightsOrgType.agency, stage: 'certified', region: '浙江省杭州市', legalPerson: '陈立', contact: '陈静', username: 'agency02', realname: '智信陈静' },
  { key: 'hengping', name: '浙江衡平律师事务所', type: RightsOrgType.lawFirm, stage: 'certified', region: '浙江省杭州市', legalPerson: '周衡', contact: '周律师', username: 'agency03', realname: '衡平周律师' },
  { key: 'yongzhi', name: '宁波甬知知识产权服务有限公司', type: RightsOrgType.ipService, stage: 'certified', region: '浙江省宁波市', legalPerson: '王甬', contact: '王芳', username: 'agency04', realname: '甬知王芳' },
  { key: 'huamei', name: '浙江华美食品股份有限公司', type: RightsOrgType.holder, stage: 'certified', region: '浙江省嘉兴市', legalPerson: '沈华', contact: '沈经理', username: 'holder02', realname: '华美沈经理' },
  { key: 'ouyue', name: '温州瓯越商标事务所有限公司', type: RightsOrgType.agency, stage: 'certifying', region: '浙江省温州市', legalPerson: '林瓯', contact: '林小姐', username: 'agency05', realname: '瓯越林小姐' },
  { key: 'jinhua', name: '金华市商标品牌指导站', type: RightsOrgType.brandStation, stage: 'certifying', region: '浙江省金华市', legalPerson: '吴金', contact: '吴站长', username: 'agency06', realname: '指导站吴站长' },
  { key: 'yuezhou', name: '绍兴越州知识产权代理有限公司', type: RightsOrgType.agency, stage: 'enrolled', region: '浙江省绍兴市', legalPerson: '钱越', contact: '钱先生', username: 'agency07', realname: '越州钱先生' },
  { key: 'hexin', name: '嘉兴禾信律师事务所', type: RightsOrgType.lawFirm, stage: 'certifyFailed', region: '浙江省嘉兴市', legalPerson: '孙禾', contact: '孙律师', username: 'agency08', realname: '禾信孙律师' },
  { key: 'taihu', name: '湖州太湖知识产权服务有限公司', type: RightsOrgType.ipService, stage: 'pending', region: '浙江省湖州市', legalPerson: '郑湖', contact: '郑女士', username: 'agency09', realname: '太湖郑女士' },
  { key: 'haizheng', name: '台州海正医药股份有限公司', type: RightsOrgType.holder, stage: 'pending', region: '浙江省台州市', legalPerson: '冯正', contact: '冯经理', username: 'holder03', realname: '海正冯经理' },
  { key: 'shangeng', name: '丽水山耕商标代理有限公司', type: RightsOrgType.agency, stage: 'draft', region: '浙江省丽水市', legalPerson: '蒋山', contact: '蒋先生', username: 'agency10', realname: '山耕蒋先生' },
  { key: 'quwei', name: '衢州衢味食品有限公司', type: RightsOrgType.holder, stage: 'draft', region: '浙江省衢州市', legalPerson: '韩衢', contact: '韩经理', username: 'holder04', realname: '衢味韩经理' },
  { key: 'zhoushan', name: '舟山海洋知识产权咨询有限公司', type: RightsOrgType.ipService, stage: 'rejected', region: '浙江省舟山市', legalPerson: '杨海', contact: '杨先生', username: 'agency11', realname: '海洋杨先生' },
  { key: 'yiwu', name: '义乌小商品品牌管理有限公司', type: RightsOrgType.agency, stage: 'rejected', region: '浙江省金华市', legalPerson: '朱义', contact: '朱经理', username: 'agency12', realname: '义乌朱经理' },
  { key: 'suda', name: '杭州速达商标代理有限公司', type: RightsOrgType.agency, stage: 'disabled', region: '浙江省杭州市', legalPerson: '秦达', contact: '秦先生', username: 'agency13', realname: '速达秦先生' },
  { key: 'minghui', name: '上虞明辉律师事务所', type: RightsOrgType.lawFirm, stage: 'disabled', region: '浙江省绍兴市', legalPerson: '许明', contact: '许律师', username: 'agency14', realname: '明辉许律师' },
];

const BANKS = [
  ['中国工商银行', '102'],
  ['中国农业银行', '103'],
  ['中国银行', '104'],
  ['中国建设银行', '105'],
  ['交通银行', '301'],
  ['招商银行', '308'],
  ['浙商银行', '316'],
  ['杭州银行', '313'],
] as const;

const NAME_FIRST = ['华', '金', '天', '美', '康', '绿', '雪', '龙', '凤', '恒', '瑞', '佳', '鑫', '宏', '正', '新', '永', '福', '万', '盛', '海', '山', '云', '江'];
const NAME_SECOND = ['光', '源', '莲', '鹰', '泰', '达', '力', '丰', '安', '宝', '祥', '悦', '诚', '信', '乐', '和', '邦', '润', '通', '辉', '舟', '峰', '禾', '韵'];
const NAME_THIRD = ['', '', '', '', '坊', '源', '堂', '记', '家', '牌', '园', '居'];
const LATIN = ['HUAGUANG', 'JINYING', 'TIANRUN', 'MEILE', 'KANGTAI', 'LVYUAN', 'XUELIAN', 'LONGFENG', 'HENGDA', 'RUIXIANG'];

/** Classes and goods per kind of owner, as a 商标注册证 lists them. */
const GOODS: Record<string, string> = {
  '3': '化妆品；洗发液；香皂；牙膏',
  '5': '药品；中药成药；医用营养品',
  '9': '计算机软件（已录制）；手机；耳机；智能手表',
  '11': '灯；电热水器；空气净化器',
  '16': '纸；笔记本；印刷品',
  '18': '皮包；钱包；旅行箱',
  '20': '家具；床垫；镜子',
  '21': '家用器具；保温瓶；茶具',
  '25': '服装；鞋；帽；袜',
  '28': '玩具；体育用品；健身器材',
  '29': '肉；火腿；牛奶制品；食用油',
  '30': '茶；糕点；面条；调味品',
  '31': '新鲜水果；活动物；植物种子',
  '32': '啤酒；矿泉水；果汁饮料',
  '33': '黄酒；白酒；葡萄酒',
  '35': '广告；替他人推销；进出口代理',
  '41': '培训；组织文化活动；出版',
  '42': '计算机软件设计；技术研究；云计算',
  '43': '餐馆；酒店；茶馆',
};
const CLASSES_BY_TYPE: Record<string, string[]> = {
  food: ['29', '30', '31', '32', '33', '35', '43'],
  tech: ['9', '11', '35', '42', '41', '16'],
  general: Object.keys(GOODS),
};

function generatedPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  for (;;) {
    let out = '';
    for (const b of randomBytes(16)) out += alphabet[b % alphabet.length];
    if (isStrongPassword(out)) return out;
  }
}

function creditCode(rand: ReturnType<typeof prng>, region: string): string {
  let body = '';
  for (let i = 0; i < 9; i++) body += i === 8 ? CREDIT_CODE_ALPHABET[rand.int(0, 9)] : CREDIT_CODE_ALPHABET[rand.int(0, 30)];
  const first17 = `91${region}${body}`;
  return first17 + creditCodeCheckChar(first17);
}

const REGION_CODE: Record<string, string> = {
  浙江省杭州市: '330100',
  浙江省宁波市: '330200',
  浙江省温州市: '330300',
  浙江省嘉兴市: '330400',
  浙江省湖州市: '330500',
  浙江省绍兴市: '330600',
  浙江省金华市: '330700',
  浙江省衢州市: '330800',
  浙江省舟山市: '330900',
  浙江省台州市: '331000',
  浙江省丽水市: '331100',
};

/** A date `days` before/after today as a Date at 10:00 China time, for audit columns. */
const at = (day: string) => new Date(`${day}T10:00:00+08:00`);

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

/** The registration date whose ten-year term ends on `expire` (the day before 29 February falls back a day). */
function regDateFor(expire: string): string {
  const [y, m, d] = expire.split('-').map(Number);
  const reg = new Date(Date.UTC(y - 10, m - 1, d + 1)).toISOString().slice(0, 10);
  return computeExpireDate(reg) === expire ? reg : regDateFor(addDays(expire, -1));
}

/** Ids from the seeded PRNG, so that two runs of the demo give the same rows. */
function newIdOf(rand: ReturnType<typeof prng>): string {
  let out = '';
  for (let i = 0; i < 4; i++) out += Math.floor(rand.next() * 0x1_0000_0000).toString(16).padStart(8, '0');
  return out;
}
