import { z } from 'zod';
import { defineResource, permCodes } from '../resource.ts';
import { auditFields } from '../record-fields.ts';

export const PositionMsg = {
  codeTaken: '职务编码已存在',
  notFound: '未找到对应数据',
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功!',
} as const;

export const positionBody = z.object({
  id: z.string().max(36).optional(),
  code: z
    .string({ error: '请输入职务编码' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,50}$/, '职务编码只能包含字母、数字、下划线和 -，最长50位'),
  name: z.string({ error: '请输入职务名称' }).trim().min(1, '请输入职务名称').max(100, '职务名称不能超过100个字符'),
  postRank: z
    .string()
    .trim()
    .max(2, '职级的数据值不能超过2个字符')
    .optional()
    .nullable()
    .transform((v) => v || null),
});
export const positionEditBody = positionBody.extend({ id: z.string({ error: '缺少ID' }).min(1).max(36) });
export type PositionBody = z.infer<typeof positionBody>;
export type PositionEditBody = z.infer<typeof positionEditBody>;

/** A position (sys_position) as the list and queryById answer it; `postRank_dictText` from dictionary position_rank. */
export const positionRecordSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  postRank: z.string().nullable(),
  companyId: z.string().nullable(),
  tenantId: z.number(),
  sysOrgCode: z.string().nullable(),
  ...auditFields,
  postRank_dictText: z.string().optional(),
});
export type PositionRecord = z.infer<typeof positionRecordSchema>;

export const PositionPerm = permCodes('system:position', ['list', 'add', 'edit', 'delete', 'export', 'import']);

/** 职务 as a standard resource, scoped by the server to the request's tenant. */
export const positionResource = defineResource<PositionRecord>()({
  basePath: '/sys/position',
  entity: '职务',
  perm: PositionPerm,
  record: positionRecordSchema,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: positionBody,
  editBody: positionEditBody,
  editMethods: ['PUT', 'POST'],
});
