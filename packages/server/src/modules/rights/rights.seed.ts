import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/ids.ts';
import { RoleId, seedButtons } from '../../seed/buttons.ts';
import { sysDict, sysDictItem } from '../system/dict/dict.table.ts';
import { EXTRA_FILE_TYPES } from './shared/attachments.ts';
import { RightsPerm as P } from './shared/perms.ts';

const staff = [RoleId.admin, RoleId.reviewer, RoleId.finance];
const customers = [RoleId.agency, RoleId.holder];
const everyone = [...staff, ...customers];

/**
 * The rights permission codes, granted per DOMAIN.md: organisations (agency, holder) enrol, certify and
 * keep their accounts and rights; the reviewer approves enrolment, certification and rights; finance
 * approves bank accounts; the admin sees the lists and disables organisations.
 */
export async function seedRightsButtons(db: Db) {
  await seedButtons(db, [{ code: P.orgList, name: '机构-查询' }], staff);
  await seedButtons(db, [{ code: P.orgEnrol, name: '机构-入驻与认证' }], customers);
  await seedButtons(db, [{ code: P.orgApprove, name: '机构-审批入驻与认证' }], [RoleId.reviewer]);
  await seedButtons(db, [{ code: P.orgStatus, name: '机构-停用/启用' }], [RoleId.admin]);
  await seedButtons(db, [{ code: P.bankList, name: '银行账户-查询' }], [RoleId.admin, RoleId.finance, ...customers]);
  await seedButtons(
    db,
    [
      { code: P.bankAdd, name: '银行账户-添加' },
      { code: P.bankEdit, name: '银行账户-编辑' },
      { code: P.bankDelete, name: '银行账户-删除' },
    ],
    customers,
  );
  await seedButtons(db, [{ code: P.bankApprove, name: '银行账户-财务审核' }], [RoleId.finance]);
  await seedButtons(
    db,
    [
      { code: P.rightList, name: '受保护权利-查询' },
      { code: P.rightExport, name: '受保护权利-导出' },
    ],
    everyone,
  );
  await seedButtons(
    db,
    [
      { code: P.rightAdd, name: '受保护权利-添加' },
      { code: P.rightEdit, name: '受保护权利-编辑/提交' },
      { code: P.rightDelete, name: '受保护权利-删除' },
      { code: P.rightImport, name: '受保护权利-导入' },
    ],
    customers,
  );
  await seedButtons(db, [{ code: P.rightApprove, name: '受保护权利-审核' }], [RoleId.reviewer]);
  await seedButtons(db, [{ code: P.approvalList, name: '审批记录-查询' }], everyone);
  await seedButtons(db, [{ code: P.approvalTodo, name: '待我审批' }], staff);
}

/** 草稿 in audit_status: a protected-rights record starts as a draft until its organisation submits it. */
export async function seedDraftAuditStatus(db: Db) {
  const [dict] = await db.select({ id: sysDict.id }).from(sysDict).where(eq(sysDict.dictCode, 'audit_status'));
  if (!dict) return;
  const [found] = await db.select({ id: sysDictItem.id }).from(sysDictItem).where(and(eq(sysDictItem.dictId, dict.id), eq(sysDictItem.itemValue, '3')));
  if (found) return;
  await db.insert(sysDictItem).values({ id: newId(), dictId: dict.id, itemValue: '3', itemText: '草稿', sortOrder: 0, status: 1, createBy: 'system' });
}

/**
 * 文件类型 beyond DOMAIN.md's nine: the kinds the app's own uploads carry (商标图样, 执业许可证, 备案证明,
 * 开户证明, 通告图片) and 其他, so that every stored file can say what it is.
 */
export async function seedFileTypes(db: Db) {
  const [dict] = await db.select({ id: sysDict.id }).from(sysDict).where(eq(sysDict.dictCode, 'file_type'));
  if (!dict) return;
  const present = new Set((await db.select({ value: sysDictItem.itemValue }).from(sysDictItem).where(eq(sysDictItem.dictId, dict.id))).map((i) => i.value));
  const missing = EXTRA_FILE_TYPES.filter(([value]) => !present.has(value));
  if (!missing.length) return;
  await db.insert(sysDictItem).values(missing.map(([value, text]) => ({ id: newId(), dictId: dict.id, itemValue: value, itemText: text, sortOrder: Number(value), status: 1, createBy: 'system' })));
}
