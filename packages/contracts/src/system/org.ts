import { z } from 'zod';

export const positionBody = z.object({
  id: z.string().max(36).optional(),
  code: z.string({ error: '请输入职务编码' }).trim().regex(/^[A-Za-z0-9_-]{1,50}$/, '职务编码只能包含字母、数字、下划线和 -，最长50位'),
  name: z.string({ error: '请输入职务名称' }).trim().min(1, '请输入职务名称').max(100, '职务名称不能超过100个字符'),
  postRank: z.string().trim().max(2, '职级的数据值不能超过2个字符').optional().nullable().transform((v) => v || null),
});
export type PositionBody = z.infer<typeof positionBody>;

/**
 * A tenant number (sys_tenant.id is an integer column): the one definition the add/edit body, the id in
 * a query and each id of a comma list are checked with, so none can overflow the column.
 */
export const tenantId = z.coerce.number({ error: '租户编号应为数字' }).int('租户编号应为整数').min(1, '租户编号应为 1-99999').max(99_999, '租户编号应为 1-99999');

export const tenantBody = z.object({
  id: tenantId,
  name: z.string({ error: '请输入租户名称' }).trim().min(1, '请输入租户名称').max(100, '租户名称不能超过100个字符'),
  beginDate: z.string().max(19).optional().nullable(),
  endDate: z.string().max(19).optional().nullable(),
  status: z.coerce.number().int().refine((v) => v === 0 || v === 1, '状态只能是 1 正常或 0 冻结').optional().transform((v) => v ?? 1),
});
export type TenantBody = z.infer<typeof tenantBody>;
