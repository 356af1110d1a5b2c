import { z } from 'zod';

const optional = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`).optional().nullable().transform((v) => (v ? v : null));

export const departBody = z.object({
  id: z.string().max(36).optional(),
  parentId: optional(36),
  departName: z.string({ error: '请输入机构/部门名称' }).trim().min(1, '请输入机构/部门名称').max(100, '名称不能超过100个字符'),
  departNameEn: optional(500),
  departNameAbbr: optional(500),
  departOrder: z.coerce.number({ error: '排序应为数字' }).int('排序应为整数').min(0).max(99999).optional().nullable().transform((v) => v ?? 0),
  description: optional(500),
  orgCategory: z.union([z.literal('1'), z.literal('2'), z.literal('3')], { error: '机构类别只能是 1 公司、2 部门、3 岗位' }).optional().transform((v) => v ?? '2'),
  mobile: optional(32).refine((v) => v === null || /^[\d\-+() ]{5,32}$/.test(v), '请输入正确的电话号码'),
  fax: optional(32),
  address: optional(100),
  memo: optional(500),
  status: z.union([z.literal('0'), z.literal('1')]).optional().transform((v) => v ?? '1'),
});
export type DepartBody = z.infer<typeof departBody>;

export type DepartTreeNode = {
  id: string;
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  parentId: string;
  departName: string;
  departNameEn: string | null;
  departNameAbbr: string | null;
  departOrder: number;
  description: string | null;
  orgCategory: string;
  orgType: string | null;
  orgCode: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string;
  delFlag: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  children: DepartTreeNode[];
};
