import { z } from 'zod';

/** Optional text of a form, trimmed: missing, null and blank all save as null. */
export const optionalTrimmed = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `长度不能超过${max}个字符`)
    .nullish()
    .transform((v) => v || null);

/** Optional text kept as typed (content, parameters, remarks): missing, null and blank save as null. */
export const optionalKept = (max: number) =>
  z
    .string()
    .max(max, `长度不能超过${max}个字符`)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? null : v));
