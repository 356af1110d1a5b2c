import { z } from 'zod';
import type { SameType } from '../same-type.ts';
import type { AddressEntry } from './user.ts';

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
