import { MsgType } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysSmsTemplate } from './message.table.ts';

type Seeded = { code: string; name: string; content: string; type: string; test: Record<string, unknown> };

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
    test: { batchNo: 'XS20261128001', batchName: '华东线索第一批', orgName: '示例知识产权服务中心', who: '张三', facts: '<p>撤销原因：重复提交</p><p>下一步：批次已结束，无需其他操作</p>' },
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
    content: '<p>您提交的报销单「${claimNo} ${orgName}」已付款。</p><p>付款金额：${amount} 元${cut}</p><p>付款日期：${payDate}</p><p>付款流水号：${serialNo}</p><p>收款账户：${account}</p><p>${next}</p>',
    type: MsgType.system,
    test: { claimNo: 'BX20261128001', orgName: '示例知识产权服务中心', amount: '11,000.00', cut: '', payDate: '2026-11-28', serialNo: 'LS0001', account: '示例中心 工商银行 尾号1234', next: '款项已付出，请留意收款账户。' },
  },
  {
    code: 'claim_pay_failed',
    name: '报销单付款失败：${claimNo}',
    content: '<p>您提交的报销单「${claimNo} ${orgName}」付款失败，款项未付出。</p><p>应付金额：${amount} 元</p><p>失败原因：${reason}</p><p>收款账户：${account}</p><p style="color:red">${next}</p>',
    type: MsgType.system,
    test: { claimNo: 'BX20261128001', orgName: '示例知识产权服务中心', amount: '11,000.00', reason: '收款账户户名不符', account: '示例中心 工商银行 尾号1234', next: '请核对收款账户后联系协会财务。' },
  },
  {
    code: 'sms_verify_code',
    name: '短信验证码',
    content: '【商标维权服务系统】您的验证码为 ${code}，5分钟内有效，请勿告诉他人。',
    type: MsgType.sms,
    test: { code: '123456' },
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
      .values({ id: newId(), templateCode: t.code, templateName: t.name, templateContent: t.content, templateType: t.type, templateTestJson: JSON.stringify(t.test), createBy: 'system' })
      .onConflictDoNothing();
  }
}
