import { MsgType } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysSmsTemplate } from './message.table.ts';

type Seeded = { code: string; name: string; content: string; type: string; test: Record<string, unknown> };

/** The variables every decision template gets (decide.ts), as test data. */
const DECISION_TEST = { subject: '审批事项', result: '已通过', approver: '李审核', opinion: '材料齐全' };
/** A decision on one kind of record (decide.ts): each kind its own template, so each can be reworded alone. */
const decisionTemplate = (code: string, subject: string, bizTitle: string): Seeded => ({
  code,
  name: `${subject}审核\${result}：\${bizTitle}`,
  content: `<p>您提交的${subject}\${record}\${result}。</p><p>审核人：\${approver}</p><p>审核意见：\${opinion}</p>`,
  type: MsgType.system,
  test: { ...DECISION_TEST, bizTitle, record: `「${bizTitle}」` },
});
/** A decision on the sample clue batch: its review (线索批次) or its closure (结案申请). */
const SAMPLE_BATCH = { bizTitle: 'XS20261128001 华东线索第一批', record: '「XS20261128001 华东线索第一批」' };
const BATCH_TEST = { ...DECISION_TEST, subject: '线索批次', ...SAMPLE_BATCH };
const CLOSURE_TEST = { ...DECISION_TEST, subject: '结案申请', ...SAMPLE_BATCH };
const CLAIM_TEST = { claimNo: 'BX20261128001', orgName: '示例知识产权服务中心', approver: '王财务', opinion: '无' };

/**
 * The notices the app sends, as templates with today's wording: the code sends by these codes, so an
 * administrator rewords a notice here and the next one uses the new words. `${&x}` is a value the code
 * has already written as HTML (a list), put in as it is; every other value is escaped.
 */
export const SEEDED_TEMPLATES: Seeded[] = [
  {
    code: 'pool_reconcile_difference',
    name: '资金池对账发现差异：${count} 个资金池',
    content: '<p>夜间对账（资金池 ${checkedPools} 个、日志 ${checkedLogs} 条）发现以下差异：</p><ul>${&items}</ul>',
    type: MsgType.system,
    test: { count: 1, checkedPools: 12, checkedLogs: 340, items: '<li>ZJC2026001 商标维权资金池：冻结金额与日志不符</li>' },
  },
  {
    code: 'right_expiry',
    name: '商标专用权到期提醒：${count} 件将在 ${days} 天内到期',
    content: '<p>以下商标的专用权将在 ${days} 天内到期，请及时办理续展：</p><ul>${&items}</ul>',
    type: MsgType.system,
    test: { count: 1, days: 30, items: '<li>华韵（注册号 12345678，第 25 类）：2026-12-28 到期</li>' },
  },
  {
    code: 'batch_withdrawn',
    name: '线索批次已撤销：${batchNo} ${batchName}',
    content: '<p>线索批次「${batchNo} ${batchName}」已由${orgName}的 ${who} 撤销。</p>${&facts}',
    type: MsgType.system,
    test: {
      batchNo: 'XS20261128001',
      batchName: '华东线索第一批',
      orgName: '示例知识产权服务中心',
      who: '张三',
      facts: '<p>撤销原因：重复提交</p><p>下一步：批次已结束，无需其他操作</p>',
    },
  },
  {
    code: 'claim_batch_closed',
    name: '批次 ${batchNo} 已结案，请上传报销信息',
    content: '<p>线索批次 ${batchNo} 已结案。</p><p style="color:red">请在付款管理菜单中上传报销信息（发票及凭证），提交报销单。</p><p>${deadlineFact}。</p>',
    type: MsgType.system,
    test: { batchNo: 'XS20261128001', deadlineFact: '报销申请期限至 2027-02-26' },
  },
  {
    code: 'account_contact_changed',
    name: '${what}已修改为 ${value}',
    content: '<p>${what}已修改为 ${value}。如非本人操作，请立即修改密码并联系管理员。</p>',
    type: MsgType.system,
    test: { what: '手机号', value: '138****0000' },
  },
  {
    code: 'claim_paid',
    name: '报销单已付款：${claimNo}，${amount} 元，付款日期 ${payDate}',
    content:
      '<p>您提交的报销单「${claimNo} ${orgName}」已付款。</p><p>付款金额：${amount} 元${cut}</p><p>付款日期：${payDate}</p><p>付款流水号：${serialNo}</p><p>收款账户：${account}</p><p>${next}</p>',
    type: MsgType.system,
    test: {
      claimNo: 'BX20261128001',
      orgName: '示例知识产权服务中心',
      amount: '11,000.00',
      cut: '',
      payDate: '2026-11-28',
      serialNo: 'LS0001',
      account: '示例中心 工商银行 尾号1234',
      next: '款项已付出，请留意收款账户。',
    },
  },
  {
    code: 'claim_pay_failed',
    name: '报销单付款失败：${claimNo}',
    content:
      '<p>您提交的报销单「${claimNo} ${orgName}」付款失败，款项未付出。</p><p>应付金额：${amount} 元</p><p>失败原因：${reason}</p><p>收款账户：${account}</p><p style="color:red">${next}</p>',
    type: MsgType.system,
    test: {
      claimNo: 'BX20261128001',
      orgName: '示例知识产权服务中心',
      amount: '11,000.00',
      reason: '收款账户户名不符',
      account: '示例中心 工商银行 尾号1234',
      next: '请核对收款账户后联系协会财务。',
    },
  },
  decisionTemplate('org_enrol_result', '机构入驻申请', '示例知识产权服务中心'),
  decisionTemplate('org_certify_result', '机构认证材料', '示例知识产权服务中心'),
  decisionTemplate('right_review_result', '受保护权利', '华韵（注册号 12345678）'),
  decisionTemplate('bank_review_result', '银行账户', '示例中心 工商银行 尾号1234'),
  {
    code: 'approval_result',
    name: '${subject}审核${result}：${bizTitle}',
    content: '<p>您提交的${subject}${record}${result}。</p><p>审核人：${approver}</p><p>审核意见：${opinion}</p>',
    type: MsgType.system,
    test: { ...DECISION_TEST, bizTitle: '示例事项', record: '「示例事项」' },
  },
  {
    code: 'batch_to_second_review',
    name: '线索批次初审已通过，待复审：${bizTitle}',
    content:
      '<p>您提交的线索批次${record}初审通过，已转复审。</p>${&facts}<p>下一步：等待协会另一位审核人复审；复审通过后核定金额在资金池冻结，即可开始维权</p><p>审核人：${approver}</p><p>审核意见：${opinion}</p>',
    type: MsgType.system,
    test: {
      ...BATCH_TEST,
      facts: '<p>申请金额 12,000.00 元，超过复审阈值 10,000.00 元，须经复审</p>',
    },
  },
  {
    code: 'batch_approved',
    name: '线索批次审核已通过：${bizTitle}',
    content:
      '<p>您提交的线索批次${record}${step}通过，核定金额已在资金池冻结。</p>${&facts}<p>下一步：请在「线索批次」中开始维权，更新线索明细的处理结果并记录进度，全部处理完毕后申请结案</p><p>审核人：${approver}</p><p>审核意见：${opinion}</p>',
    type: MsgType.system,
    test: {
      ...BATCH_TEST,
      step: '复审',
      facts: '<p>核定金额 11,000.00 元，申请金额 12,000.00 元</p>',
    },
  },
  {
    code: 'batch_returned',
    name: '线索批次审核已退回补正：${bizTitle}',
    content:
      '<p>您提交的线索批次${record}${step}退回补正。</p><p>下一步：请按审核意见修改批次信息或线索明细，然后重新提交审核</p><p>审核人：${approver}</p><p>审核意见：${opinion}</p>',
    type: MsgType.system,
    test: {
      ...BATCH_TEST,
      step: '初审',
      opinion: '请补充证据',
    },
  },
  {
    code: 'batch_rejected',
    name: '线索批次审核已驳回：${bizTitle}',
    content:
      '<p>您提交的线索批次${record}${step}驳回，批次已结束。</p><p>下一步：该批次不能再提交；如需继续维权，请新建线索批次</p><p>审核人：${approver}</p><p>审核意见：${opinion}</p>',
    type: MsgType.system,
    test: {
      ...BATCH_TEST,
      step: '初审',
      opinion: '证据不足',
    },
  },
  {
    code: 'batch_closed_claimable',
    name: '结案申请审核已通过：${bizTitle}',
    content:
      '<p>您提交的结案申请${record}结案审核通过，批次已结案。</p>${&facts}<p>下一步：请在「报销管理」中提交报销单，上传发票及付款凭证</p><p>审核人：${approver}</p><p>审核意见：${opinion}</p>',
    type: MsgType.system,
    test: {
      ...CLOSURE_TEST,
      facts: '<p>成功 9 条，失败 2 条，不构成侵权 1 条，成功率 75%</p><p>尚可报销 11,000.00 元（核定金额 11,000.00 元）</p>',
    },
  },
  {
    code: 'batch_closed',
    name: '结案申请审核已通过：${bizTitle}',
    content:
      '<p>您提交的结案申请${record}结案审核通过，批次已结案。</p>${&facts}<p>下一步：批次已结束，无需其他操作</p><p>审核人：${approver}</p><p>审核意见：${opinion}</p>',
    type: MsgType.system,
    test: {
      ...CLOSURE_TEST,
      facts: '<p>成功 0 条，失败 2 条，不构成侵权 1 条，成功率 0%</p><p>无成功线索，冻结的 3,000.00 元已解冻退回资金池</p>',
    },
  },
  {
    code: 'batch_closure_returned',
    name: '结案申请审核${result}：${bizTitle}',
    content:
      '<p>您提交的结案申请${record}结案申请退回，批次回到维权中。</p><p>下一步：请按审核意见补充处理结果或结案材料，然后重新申请结案</p><p>审核人：${approver}</p><p>审核意见：${opinion}</p>',
    type: MsgType.system,
    test: {
      ...CLOSURE_TEST,
      result: '已退回补正',
      opinion: '请补充结案材料',
    },
  },
  {
    code: 'batch_claim_expired',
    name: '批次 ${batchNo} 报销申请期满，${released} 元已退回资金池',
    content:
      '<p>线索批次「${batchNo} ${batchName}」：</p><p>报销申请期限（结案后 ${days} 天）已于 ${deadline} 届满，该批次不能再新增或提交报销单</p><p>未申请报销的冻结金额 ${released} 元已解冻退回资金池</p>${&reserved}',
    type: MsgType.system,
    test: { batchNo: 'XS20261128001', batchName: '华东线索第一批', days: 90, deadline: '2027-02-26', released: '3,000.00', reserved: '' },
  },
  {
    code: 'claim_biz_passed',
    name: '报销单业务审核通过，待财务审核：${claimNo}${cut}',
    content:
      '<p>您提交的报销单「${claimNo} ${orgName}」${stage}通过，已转协会财务审核。</p><p>${amounts}。</p><p>审核人：${approver}</p><p>审核意见：${opinion}</p><p>下一步：协会财务审核；审核通过后安排付款，付款后会另行通知您。</p>',
    type: MsgType.system,
    test: { ...CLAIM_TEST, stage: '业务审核', amounts: '核定金额 11,000.00 元（与申请金额相同）', cut: '' },
  },
  {
    code: 'claim_finance_passed',
    name: '报销单财务审核通过，待付款：${claimNo}${cut}',
    content:
      '<p>您提交的报销单「${claimNo} ${orgName}」${stage}通过，已转待付款。</p><p>${amounts}。</p><p>审核人：${approver}</p><p>审核意见：${opinion}</p><p>下一步：协会财务安排付款，付款后会另行通知您。</p>',
    type: MsgType.system,
    test: {
      ...CLAIM_TEST,
      stage: '财务审核',
      amounts: '核定金额 10,000.00 元，申请金额 11,000.00 元，核减 1,000.00 元',
      cut: '（核定 10,000.00 元，申请 11,000.00 元）',
    },
  },
  {
    code: 'claim_rejected',
    name: '报销单${stage}未通过，已驳回：${claimNo}',
    content:
      '<p>您提交的报销单「${claimNo} ${orgName}」在${stage}中被驳回。</p><p>${amounts}。</p><p>审核人：${approver}</p><p>驳回原因：${opinion}</p><p>该报销单已结束，不能再修改或提交；如有疑问请联系协会。</p>',
    type: MsgType.system,
    test: { ...CLAIM_TEST, stage: '业务审核', amounts: '申请金额 11,000.00 元', opinion: '发票与维权事项无关' },
  },
  {
    code: 'claim_returned',
    name: '报销单 ${claimNo} 被退回补充发票',
    content:
      '<p>报销单 ${claimNo} 在${stage}中被退回补充发票。</p><p>审核人：${approver}</p><p>退回原因：${opinion}</p><p style="color:red">请在「报销管理」中补充发票及凭证后重新提交。</p>',
    type: MsgType.system,
    test: { ...CLAIM_TEST, stage: '财务审核', opinion: '缺少付款凭证' },
  },
  {
    code: 'sms_verify_code',
    name: '短信验证码',
    content: '【商标维权服务系统】您的验证码为 ${code}，5分钟内有效，请勿告诉他人。',
    type: MsgType.sms,
    test: { code: '123456' },
  },
  {
    code: 'sms_notice',
    name: '系统消息短信',
    content: '【商标维权服务系统】${title}。详情请登录系统查看。',
    type: MsgType.sms,
    test: { title: '线索批次审核已通过：XS20261128001' },
  },
  {
    code: 'mail_notice',
    name: '${title}',
    content: '${realname}，您好：\n\n${content}\n\n商标维权服务系统',
    type: MsgType.email,
    test: { title: '线索批次审核通过', realname: '张三', content: '您提交的线索批次 XS20261128001 已审核通过。' },
  },
];

/** Templates seeded once; an administrator's rewording is kept on upgrade (a code already there is left as it is). */
export async function seedMessageTemplates(db: Db): Promise<void> {
  for (const t of SEEDED_TEMPLATES) {
    await db
      .insert(sysSmsTemplate)
      .values({
        id: newId(),
        templateCode: t.code,
        templateName: t.name,
        templateContent: t.content,
        templateType: t.type,
        templateTestJson: JSON.stringify(t.test),
        createBy: 'system',
      })
      .onConflictDoNothing();
  }
}
