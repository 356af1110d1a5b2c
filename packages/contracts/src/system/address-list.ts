import { z } from 'zod';
import { defineFlow, pageSchema } from '../flow.ts';
import type { SameType } from '../same-type.ts';
import { AddressPerm, type AddressEntry } from './user.ts';

/** One line of 通讯录: a user in one department, contact fields only (GET /sys/user/queryByOrgCodeForAddressList). */
export const addressEntrySchema = z.object({
  id: z.string(),
  realname: z.string(),
  workNo: z.string().nullable(),
  post: z.string().nullable(),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  departName: z.string(),
  orgCode: z.string(),
});
true satisfies SameType<z.infer<typeof addressEntrySchema>, AddressEntry>;

/** 通讯录: a read-only directory of active users by department (JeecgBoot queryByOrgCodeForAddressList). */
export const addressListFlow = defineFlow<AddressEntry>()({
  basePath: '/sys/user',
  actions: {
    list: {
      path: 'queryByOrgCodeForAddressList',
      method: 'GET',
      permission: AddressPerm.list,
      query: z.object({
        orgCode: z.string().max(64).optional(),
        realname: z.string().max(50).optional(),
        workNo: z.string().max(50).optional(),
        pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
        pageSize: z.coerce.number().int().min(1).max(200).default(10),
        _t: z.string().optional(),
      }),
      reply: pageSchema(addressEntrySchema),
      summary: '按部门查询通讯录',
    },
  },
});
