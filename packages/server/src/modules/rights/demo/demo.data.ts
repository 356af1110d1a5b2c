import { randomBytes } from 'node:crypto';
import { computeExpireDate, creditCodeCheckChar, CREDIT_CODE_ALPHABET, isStrongPassword, addDays, RightsOrgType } from '@sbwq/contracts';

/**
 * What the rights demo is made of: its organisations in every stage, banks, names and goods to draw
 * from, and the seeded randomness that makes two runs give the same rows. `demo.seed.ts` puts them together.
 */

/** The departments the seed's system units create (seed.ts), by id. */
export const AGENCIES = 'd0000000000000000000000000000a02';
export const MEMBERS = 'd0000000000000000000000000000a03';
/** The departments and users of the `demo:users:v1` unit, made real organisations here. */
export const DEMO_AGENCY_DEPART = 'd00000000000000000000000a02a01';
export const DEMO_HOLDER_DEPART = 'd00000000000000000000000a03a01';

/** mulberry32: a small seeded PRNG, so that the demo data is the same on every machine (for a given day). */
export function prng(seed: number) {
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

export type Stage = 'draft' | 'pending' | 'rejected' | 'enrolled' | 'certifying' | 'certified' | 'certifyFailed' | 'disabled';

export type DemoOrg = {
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

export const ORGS: DemoOrg[] = [
  {
    key: 'demoAgency',
    name: '示例知识产权代理有限公司',
    type: RightsOrgType.agency,
    stage: 'certified',
    region: '浙江省杭州市',
    legalPerson: '张明',
    contact: '张经理',
    departId: DEMO_AGENCY_DEPART,
    username: 'agency',
    realname: '代理机构张经理',
  },
  {
    key: 'demoHolder',
    name: '示例品牌科技股份有限公司',
    type: RightsOrgType.holder,
    stage: 'certified',
    region: '浙江省杭州市',
    legalPerson: '赵刚',
    contact: '赵总',
    departId: DEMO_HOLDER_DEPART,
    username: 'holder',
    realname: '权利人赵总',
  },
  {
    key: 'zhixin',
    name: '杭州智信商标代理有限公司',
    type: RightsOrgType.agency,
    stage: 'certified',
    region: '浙江省杭州市',
    legalPerson: '陈立',
    contact: '陈静',
    username: 'agency02',
    realname: '智信陈静',
  },
  {
    key: 'hengping',
    name: '浙江衡平律师事务所',
    type: RightsOrgType.lawFirm,
    stage: 'certified',
    region: '浙江省杭州市',
    legalPerson: '周衡',
    contact: '周律师',
    username: 'agency03',
    realname: '衡平周律师',
  },
  {
    key: 'yongzhi',
    name: '宁波甬知知识产权服务有限公司',
    type: RightsOrgType.ipService,
    stage: 'certified',
    region: '浙江省宁波市',
    legalPerson: '王甬',
    contact: '王芳',
    username: 'agency04',
    realname: '甬知王芳',
  },
  {
    key: 'huamei',
    name: '浙江华美食品股份有限公司',
    type: RightsOrgType.holder,
    stage: 'certified',
    region: '浙江省嘉兴市',
    legalPerson: '沈华',
    contact: '沈经理',
    username: 'holder02',
    realname: '华美沈经理',
  },
  {
    key: 'ouyue',
    name: '温州瓯越商标事务所有限公司',
    type: RightsOrgType.agency,
    stage: 'certifying',
    region: '浙江省温州市',
    legalPerson: '林瓯',
    contact: '林小姐',
    username: 'agency05',
    realname: '瓯越林小姐',
  },
  {
    key: 'jinhua',
    name: '金华市商标品牌指导站',
    type: RightsOrgType.brandStation,
    stage: 'certifying',
    region: '浙江省金华市',
    legalPerson: '吴金',
    contact: '吴站长',
    username: 'agency06',
    realname: '指导站吴站长',
  },
  {
    key: 'yuezhou',
    name: '绍兴越州知识产权代理有限公司',
    type: RightsOrgType.agency,
    stage: 'enrolled',
    region: '浙江省绍兴市',
    legalPerson: '钱越',
    contact: '钱先生',
    username: 'agency07',
    realname: '越州钱先生',
  },
  {
    key: 'hexin',
    name: '嘉兴禾信律师事务所',
    type: RightsOrgType.lawFirm,
    stage: 'certifyFailed',
    region: '浙江省嘉兴市',
    legalPerson: '孙禾',
    contact: '孙律师',
    username: 'agency08',
    realname: '禾信孙律师',
  },
  {
    key: 'taihu',
    name: '湖州太湖知识产权服务有限公司',
    type: RightsOrgType.ipService,
    stage: 'pending',
    region: '浙江省湖州市',
    legalPerson: '郑湖',
    contact: '郑女士',
    username: 'agency09',
    realname: '太湖郑女士',
  },
  {
    key: 'haizheng',
    name: '台州海正医药股份有限公司',
    type: RightsOrgType.holder,
    stage: 'pending',
    region: '浙江省台州市',
    legalPerson: '冯正',
    contact: '冯经理',
    username: 'holder03',
    realname: '海正冯经理',
  },
  {
    key: 'shangeng',
    name: '丽水山耕商标代理有限公司',
    type: RightsOrgType.agency,
    stage: 'draft',
    region: '浙江省丽水市',
    legalPerson: '蒋山',
    contact: '蒋先生',
    username: 'agency10',
    realname: '山耕蒋先生',
  },
  {
    key: 'quwei',
    name: '衢州衢味食品有限公司',
    type: RightsOrgType.holder,
    stage: 'draft',
    region: '浙江省衢州市',
    legalPerson: '韩衢',
    contact: '韩经理',
    username: 'holder04',
    realname: '衢味韩经理',
  },
  {
    key: 'zhoushan',
    name: '舟山海洋知识产权咨询有限公司',
    type: RightsOrgType.ipService,
    stage: 'rejected',
    region: '浙江省舟山市',
    legalPerson: '杨海',
    contact: '杨先生',
    username: 'agency11',
    realname: '海洋杨先生',
  },
  {
    key: 'yiwu',
    name: '义乌小商品品牌管理有限公司',
    type: RightsOrgType.agency,
    stage: 'rejected',
    region: '浙江省金华市',
    legalPerson: '朱义',
    contact: '朱经理',
    username: 'agency12',
    realname: '义乌朱经理',
  },
  {
    key: 'suda',
    name: '杭州速达商标代理有限公司',
    type: RightsOrgType.agency,
    stage: 'disabled',
    region: '浙江省杭州市',
    legalPerson: '秦达',
    contact: '秦先生',
    username: 'agency13',
    realname: '速达秦先生',
  },
  {
    key: 'minghui',
    name: '上虞明辉律师事务所',
    type: RightsOrgType.lawFirm,
    stage: 'disabled',
    region: '浙江省绍兴市',
    legalPerson: '许明',
    contact: '许律师',
    username: 'agency14',
    realname: '明辉许律师',
  },
];

export const BANKS = [
  ['中国工商银行', '102'],
  ['中国农业银行', '103'],
  ['中国银行', '104'],
  ['中国建设银行', '105'],
  ['交通银行', '301'],
  ['招商银行', '308'],
  ['浙商银行', '316'],
  ['杭州银行', '313'],
] as const;

export const NAME_FIRST = [
  '华',
  '金',
  '天',
  '美',
  '康',
  '绿',
  '雪',
  '龙',
  '凤',
  '恒',
  '瑞',
  '佳',
  '鑫',
  '宏',
  '正',
  '新',
  '永',
  '福',
  '万',
  '盛',
  '海',
  '山',
  '云',
  '江',
];
export const NAME_SECOND = [
  '光',
  '源',
  '莲',
  '鹰',
  '泰',
  '达',
  '力',
  '丰',
  '安',
  '宝',
  '祥',
  '悦',
  '诚',
  '信',
  '乐',
  '和',
  '邦',
  '润',
  '通',
  '辉',
  '舟',
  '峰',
  '禾',
  '韵',
];
export const NAME_THIRD = ['', '', '', '', '坊', '源', '堂', '记', '家', '牌', '园', '居'];
export const LATIN = ['HUAGUANG', 'JINYING', 'TIANRUN', 'MEILE', 'KANGTAI', 'LVYUAN', 'XUELIAN', 'LONGFENG', 'HENGDA', 'RUIXIANG'];

/** Classes and goods per kind of owner, as a 商标注册证 lists them. */
export const GOODS: Record<string, string> = {
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
export const CLASSES_BY_TYPE: Record<string, string[]> = {
  food: ['29', '30', '31', '32', '33', '35', '43'],
  tech: ['9', '11', '35', '42', '41', '16'],
  general: Object.keys(GOODS),
};

export function generatedPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  for (;;) {
    let out = '';
    for (const b of randomBytes(16)) out += alphabet[b % alphabet.length];
    if (isStrongPassword(out)) return out;
  }
}

export function creditCode(rand: ReturnType<typeof prng>, region: string): string {
  let body = '';
  for (let i = 0; i < 9; i++) body += i === 8 ? CREDIT_CODE_ALPHABET[rand.int(0, 9)] : CREDIT_CODE_ALPHABET[rand.int(0, 30)];
  const first17 = `91${region}${body}`;
  return first17 + creditCodeCheckChar(first17);
}

export const REGION_CODE: Record<string, string> = {
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
export const at = (day: string) => new Date(`${day}T10:00:00+08:00`);

/** The registration date whose ten-year term ends on `expire` (the day before 29 February falls back a day). */
export function regDateFor(expire: string): string {
  const [y, m, d] = expire.split('-').map(Number);
  const reg = new Date(Date.UTC(y - 10, m - 1, d + 1)).toISOString().slice(0, 10);
  return computeExpireDate(reg) === expire ? reg : regDateFor(addDays(expire, -1));
}

/** Ids from the seeded PRNG, so that two runs of the demo give the same rows. */
export function newIdOf(rand: ReturnType<typeof prng>): string {
  let out = '';
  for (let i = 0; i < 4; i++)
    out += Math.floor(rand.next() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  return out;
}
