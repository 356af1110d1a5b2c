import { z } from 'zod';
import { defineFlow } from '../flow.ts';
import { defineResource, permCodes } from '../resource.ts';

export const TenantMsg = {
  idTaken: '租户编号已存在',
  notFound: '未找到对应数据',
  inUse: '租户下还有数据，不能删除',
  badDate: '日期格式应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss',
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功!',
} as const;

/**
 * A tenant number (sys_tenant.id is an integer column): the one definition the add/edit body, the id in
 * a query and each id of a comma list are checked with, so none can overflow the column.
 */
export const tenantId = z.coerce
  .number({ error: '租户编号应为数字' })
  .int('租户编号应为整数')
  .min(1, '租户编号应为 1-99999')
  .max(99_999, '租户编号应为 1-99999');

export const tenantBody = z.object({
  id: tenantId,
  name: z.string({ error: '请输入租户名称' }).trim().min(1, '请输入租户名称').max(100, '租户名称不能超过100个字符'),
  beginDate: z.string().max(19).optional().nullable(),
  endDate: z.string().max(19).optional().nullable(),
  status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, '状态只能是 1 正常或 0 冻结')
    .optional()
    .transform((v) => v ?? 1),
});
export type TenantBody = z.infer<typeof tenantBody>;

/** A tenant (sys_tenant) as lists answer it; `status_dictText` from dictionary tenant_status. */
export const tenantRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  beginDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.number(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  status_dictText: z.string().optional(),
});
export type TenantRecord = z.infer<typeof tenantRecordSchema>;

export const TenantPerm = permCodes('system:tenant', ['list', 'add', 'edit', 'delete']);

/** 租户 as a standard resource; its ids are integers chosen on add. */
export const tenantResource = defineResource<TenantRecord>()({
  basePath: '/sys/tenant',
  entity: '租户',
  perm: TenantPerm,
  record: tenantRecordSchema,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'],
  addBody: tenantBody,
  editMethods: ['PUT', 'POST'],
});

/** The tenants the caller may choose after login (JEECG-API §4.5). */
export const tenantFlow = defineFlow<TenantRecord>()({
  basePath: '/sys/tenant',
  actions: {
    queryList: {
      path: 'queryList',
      method: 'GET',
      signedIn: true,
      query: z.object({ ids: z.string().max(2000).optional() }),
      reply: z.array(tenantRecordSchema),
      summary: '可选的租户（登录后选择租户用）',
    },
  },
});
