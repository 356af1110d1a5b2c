import { z } from 'zod';

/**
 * Pieces of the reply schemas: what a record's fields look like once the server has answered them. No
 * transforms here — Fastify encodes an answer through its schema, and a transform cannot be encoded.
 */

/** A text column that may be empty (null), a date or time written as JeecgBoot writes it, or null. */
export const nullableText = z.string().nullable();

/** `<field>_dictText`: the dictionary's text of a coded field (empty when the code has none). */
export const dictText = z.string().optional();

/** The audit columns every row answers (JEECG-API §6.3), times as `yyyy-MM-dd HH:mm:ss`. */
export const auditFields = {
  createBy: nullableText,
  createTime: nullableText,
  updateBy: nullableText,
  updateTime: nullableText,
};

/** The MyBatis-Plus page a list answers, of the given record. */
export const pageSchema = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });

/** A write answered with nothing (`result: null`). */
export const nullReply = z.null();

/** A write answered with the id of the record it made. */
export const idReply = z.string();

/** Fails to compile unless the two types are the same both ways: a record type kept beside its schema. */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const sameType = <A, B>(same: SameType<A, B>): SameType<A, B> => same;
