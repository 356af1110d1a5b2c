import { and, eq } from 'drizzle-orm';
import { ApprovalPerm, OrgPerm } from '@sbwq/contracts';
import type { Db } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/ids.ts';
import { RoleId, seedButtons } from '../../seed/buttons.ts';
import { sysDict, sysDictItem } from '../config/dict/dict.table.ts';
import { EXTRA_FILE_TYPES } from '../core/files/attachments.ts';

const staff = [RoleId.admin, RoleId.reviewer, RoleId.finance];
const customers = [RoleId.agency, RoleId.holder];
const everyone = [...staff, ...customers];

/**
 * The permission codes of organisations and approvals, granted per DOMAIN.md: organisations (agency,
 * holder) enrol and certify; the reviewer approves enrolment and certification; the admin sees the list
 * and disables organisations. Bank accounts, protected rights and files seed their own (`<feature>.menu.ts`).
 */
export async function seedRightsButtons(db: Db) {
  await seedButtons(db, [{ code: OrgPerm.list, name: '机构-查询' }], staff);
  await seedButtons(db, [{ code: OrgPerm.enrol, name: '机构-入驻与认证' }], customers);
  await seedButtons(db, [{ code: OrgPerm.approve, name: '机构-审批入驻与认证' }], [RoleId.reviewer]);
  await seedButtons(db, [{ code: OrgPerm.status, name: '机构-停用/启用' }], [RoleId.admin]);
  await seedButtons(db, [{ code: ApprovalPerm.list, name: '审批记录-查询' }], everyone);
  await seedButtons(db, [{ code: ApprovalPerm.todo, name: '待我审批' }], staff);
}

/** 草稿 in audit_status: a protected-rights record starts as a draft until its organisation submits it. */
export async function seedDraftAuditStatus(db: Db) {
  const [dict] = await db.select({ id: sysDict.id }).from(sysDict).where(eq(sysDict.dictCode, 'audit_status'));
  if (!dict) return;
  const [found] = await db
    .select({ id: sysDictItem.id })
    .from(sysDictItem)
    .where(and(eq(sysDictItem.dictId, dict.id), eq(sysDictItem.itemValue, '3')));
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
  await db.insert(sysDictItem).values(
    missing.map(([value, text]) => ({
      id: newId(),
      dictId: dict.id,
      itemValue: value,
      itemText: text,
      sortOrder: Number(value),
      status: 1,
      createBy: 'system',
    })),
  );
}
