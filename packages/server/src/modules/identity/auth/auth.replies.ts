import { z } from 'zod';
import type { Depart, DictModel, LoginResult, UserInfo } from '@sbwq/contracts';

const text = z.string().nullable();

/** The public shape of a user (no credentials): what login answers, named field by field so nothing else leaves. */
export const userInfoFields = {
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  avatar: text,
  birthday: text,
  sex: z.number().nullable(),
  email: text,
  phone: text,
  orgCode: text,
  status: z.number(),
  delFlag: z.number(),
  workNo: text,
  post: text,
  telephone: text,
  userIdentity: z.number().nullable(),
  departIds: text,
  relTenantIds: text,
  createBy: text,
  createTime: text,
  updateBy: text,
  updateTime: text,
};
export const userInfoReply: z.ZodType<UserInfo> = z.object(userInfoFields);

export const departReply: z.ZodType<Depart> = z.object({
  id: z.string(),
  parentId: z.string(),
  departName: z.string(),
  orgCode: z.string(),
  orgCategory: z.string(),
  orgType: text,
  departOrder: z.number(),
  status: z.string(),
});

export const dictModelReply: z.ZodType<DictModel> = z.object({ value: z.string(), text: z.string(), title: z.string() });

export const loginReply: z.ZodType<LoginResult> = z.object({
  token: z.string(),
  userInfo: userInfoReply,
  departs: z.array(departReply),
  multi_depart: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  sysAllDictItems: z.record(z.string(), z.array(dictModelReply)),
  mustChangePwd: z.boolean().optional(),
});
