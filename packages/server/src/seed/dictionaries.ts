import fs from 'node:fs';
import path from 'node:path';
import { OPERATE_TYPE_TEXT } from '@sbwq/contracts';
import { seedDataFolder } from '../platform/paths.ts';

export type DictSeed = { code: string; name: string; items: [value: string, text: string][]; type?: 0 | 1 };

const list = (...texts: string[]): [string, string][] => texts.map((t, i) => [String(i + 1), t]);

/** System dictionaries of JeecgBoot 2.3 (JEECG-API §8). */
export const systemDicts: DictSeed[] = [
  {
    code: 'sex',
    name: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    items: [
      ['1', '正常'],
      ['2', '冻结'],
    ],
  },
  {
    code: 'status',
    name: '状态',
    items: [
      ['1', '正常'],
      ['2', '冻结'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      ['H', '高'],
      ['M', '中'],
      ['L', '低'],
    ],
  },
  {
    code: 'msg_category',
    name: '通告类型',
    items: [
      ['1', '通知公告'],
      ['2', '系统消息'],
    ],
  },
  {
    code: 'msg_type',
    name: '推送类别',
    items: [
      ['USER', '指定用户'],
      ['ALL', '全体用户'],
    ],
  },
  {
    code: 'send_status',
    name: '发布状态',
    items: [
      ['0', '未发布'],
      ['1', '已发布'],
      ['2', '已撤销'],
    ],
  },
  {
    code: 'valid_status',
    name: '有效无效状态',
    items: [
      ['0', '无效'],
      ['1', '有效'],
    ],
  },
  {
    code: 'yn',
    name: '1是0否',
    items: [
      ['1', '是'],
      ['0', '否'],
    ],
  },
  {
    code: 'del_flag',
    name: '删除状态',
    items: [
      ['1', '已删除'],
      ['0', '正常'],
    ],
  },
  {
    code: 'depart_status',
    name: '部门状态',
    items: [
      ['0', '不启用'],
      ['1', '启用'],
    ],
  },
  {
    code: 'dict_item_status',
    name: '字典状态',
    items: [
      ['1', '启用'],
      ['0', '不启用'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    items: [
      ['1', '公司'],
      ['2', '部门'],
      ['3', '岗位'],
    ],
  },
  { code: 'position_rank', name: '职务职级', items: list('员级', '助级', '中级', '副高级', '正高级') },
  {
    code: 'menu_type',
    name: '菜单类型',
    items: [
      ['0', '一级菜单'],
      ['1', '子菜单'],
      ['2', '按钮权限'],
    ],
  },
  {
    code: 'perms_type',
    name: '权限策略',
    items: [
      ['1', '显示'],
      ['2', '禁用'],
    ],
  },
  {
    code: 'global_perms_type',
    name: '全局权限策略',
    items: [
      ['1', '可见/可访问(授权后可见/可访问)'],
      ['2', '可编辑(未授权时禁用)'],
    ],
  },
  {
    code: 'form_perms_type',
    name: '表单权限策略',
    items: [
      ['1', '可见(未授权不可见)'],
      ['2', '可编辑(未授权禁用)'],
    ],
  },
  {
    code: 'rule_conditions',
    name: '条件规则',
    items: [
      ['>', '大于'],
      ['<', '小于'],
      ['!=', '不等于'],
      ['=', '等于'],
      ['>=', '大于等于'],
      ['<=', '小于等于'],
      ['LEFT_LIKE', '左模糊'],
      ['RIGHT_LIKE', '右模糊'],
      ['LIKE', '模糊'],
      ['IN', '包含'],
      ['USE_SQL_RULES', '自定义SQL表达式'],
    ],
  },
  {
    code: 'log_type',
    name: '日志类型',
    items: [
      ['1', '登录日志'],
      ['2', '操作日志'],
    ],
  },
  // stock's six, then 登录, 退出登录 and 发送验证码 (issue 36: every operation entry has a type)
  { code: 'operate_type', name: '操作类型', items: Object.entries(OPERATE_TYPE_TEXT) },
  {
    code: 'quartz_status',
    name: '定时任务状态',
    items: [
      ['0', '正常'],
      ['-1', '停止'],
    ],
  },
  {
    code: 'tenant_status',
    name: '租户状态',
    items: [
      ['1', '正常'],
      ['0', '冻结'],
    ],
  },
  { code: 'urgent_level', name: '紧急程度', items: list('一般', '重要', '紧急') },
  { code: 'msgType', name: '发送消息类型', items: list('短信', '邮件', '微信', '系统') },
  {
    code: 'msgSendStatus',
    name: '消息发送状态',
    items: [
      ['0', '未发送'],
      ['1', '发送成功'],
      ['2', '发送失败'],
    ],
  },
  {
    code: 'database_type',
    name: '数据库类型',
    items: [
      ['1', 'MySQL'],
      ['2', 'Oracle'],
      ['3', 'SQLServer'],
      ['4', 'PostgreSQL'],
    ],
  },
];

/** Business vocabularies of the rights modules (DOMAIN.md). */
export const businessDicts: DictSeed[] = [
  { code: 'rights_org_type', name: '机构类型（维权）', items: list('商标代理机构', '律师事务所', '知识产权服务机构', '商标品牌指导站', '权利人企业') },
  {
    code: 'enter_status',
    name: '入驻状态',
    items: [
      ['0', '未提交'],
      ['1', '待审核'],
      ['2', '已入驻'],
      ['3', '已驳回'],
      ['4', '已停用'],
    ],
  },
  {
    code: 'certify_status',
    name: '认证状态',
    items: [
      ['0', '未认证'],
      ['1', '认证中'],
      ['2', '已认证'],
      ['3', '认证失败'],
    ],
  },
  {
    code: 'audit_status',
    name: '审核状态',
    items: [
      ['0', '待审核'],
      ['1', '已通过'],
      ['2', '已驳回'],
    ],
  },
  {
    code: 'account_nature',
    name: '账户性质',
    items: [
      ['1', '对公'],
      ['2', '对私'],
    ],
  },
  { code: 'trademark_type', name: '商标类型', items: list('普通商标', '集体商标', '证明商标', '地理标志') },
  { code: 'legal_status', name: '法律状态', items: list('注册有效', '续展中', '宽展期', '已过期', '已注销', '已宣告无效') },
  { code: 'infringe_type', name: '侵权类型', items: list('假冒注册商标', '近似商标', '商标标识', '店铺名称', '关键词滥用') },
  { code: 'infringe_platform', name: '侵权平台', items: list('淘宝', '天猫', '京东', '拼多多', '抖音', '1688', '线下') },
  { code: 'rights_method', name: '维权方式', items: list('平台投诉', '行政投诉', '民事诉讼', '刑事报案', '律师函') },
  {
    code: 'threaded_status',
    name: '线索批次状态',
    items: list('草稿', '待审核', '待复审', '待维权', '维权中', '待结案审核', '已结案', '已驳回', '已撤销'),
  },
  { code: 'clue_item_status', name: '线索明细状态', items: list('待处理', '处理中', '成功', '失败', '不构成侵权', '已撤回') },
  {
    code: 'progress_node',
    name: '维权进度节点',
    items: list('受理', '取证公证', '提交投诉', '平台处理', '行政立案', '现场检查', '处罚决定', '起诉立案', '开庭', '判决调解', '执行', '结案'),
  },
  { code: 'approval_biz_type', name: '审批业务类型', items: list('机构入驻', '认证', '权利备案', '线索批次', '结案', '报销', '银行账户') },
  { code: 'approval_node', name: '审批节点', items: list('初审', '复审', '财务审核') },
  { code: 'approval_result', name: '审批结果', items: list('通过', '驳回', '退回补正') },
  { code: 'fund_source', name: '资金来源', items: list('财政拨款', '会员会费', '专项捐助', '平台合作') },
  { code: 'pool_status', name: '资金池状态', items: list('筹备', '启用', '暂停', '已结清') },
  { code: 'pool_change_type', name: '资金变动类型', items: list('入账', '冻结', '解冻', '扣减(支付)', '退回', '调整') },
  {
    code: 'expense_type',
    name: '费用类型',
    items: list('公证费', '取证购买费', '律师代理费', '调查费', '鉴定费', '诉讼费', '翻译费', '差旅费', '官费', '其他'),
  },
  {
    code: 'claim_status',
    name: '报销单状态',
    items: list('待提交', '待业务审核', '待财务审核', '待付款', '已付款', '付款失败', '已驳回', '退回补充发票'),
  },
  {
    code: 'file_type',
    name: '文件类型',
    items: list('商标注册证', '授权委托书', '营业执照', '侵权证据', '公证书', '处罚决定书', '判决书', '发票', '付款凭证'),
  },
];

/** 国际分类 1–45 from shared/data/nice-classes.csv, shipped beside this file. */
export function niceClassDict(): DictSeed {
  const csv = fs.readFileSync(path.join(seedDataFolder, 'nice-classes.csv'), 'utf8');
  const items = csv
    .split(/\r?\n/)
    .slice(1)
    .filter((line) => line.trim() !== '')
    .map((line): [string, string] => {
      const [cls, name, kind] = line.split(',');
      return [cls.trim(), `第${cls.trim()}类 ${name.trim()}（${kind.trim()}）`];
    });
  return { code: 'nice_class', name: '国际分类', items, type: 1 };
}
