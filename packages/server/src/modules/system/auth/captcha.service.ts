import { createHash } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../../platform/db/client.ts';
import { sysCaptcha } from './auth.table.ts';

export const CAPTCHA_TTL_MS = 120_000;

const keyHash = (checkKey: string) => createHash('sha256').update(`captcha:${checkKey}`).digest('hex');

/** A 4-character image code for `checkKey` (JEECG-API §2.1); stored in the database so any process can check it. */
export async function issueCaptcha(db: Db, checkKey: string): Promise<string> {
  const captcha = svgCaptcha.create({ size: 4, ignoreChars: '0oO1iIlLq9g', noise: 3, color: true, width: 105, height: 35, fontSize: 40 });
  const now = Date.now();
  await db.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, new Date(now)));
  const values = { keyHash: keyHash(checkKey), code: captcha.text.toLowerCase(), expiresAt: new Date(now + CAPTCHA_TTL_MS) };
  await db.insert(sysCaptcha).values(values).onConflictDoUpdate({ target: sysCaptcha.keyHash, set: { code: values.code, expiresAt: values.expiresAt } });
  return `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
}

/** Checks and consumes a code: case-insensitive, single use, expiring. */
export async function consumeCaptcha(db: Db, checkKey: string, code: string): Promise<boolean> {
  const deleted = await db.delete(sysCaptcha).where(eq(sysCaptcha.keyHash, keyHash(checkKey))).returning();
  const row = deleted[0];
  if (!row) return false;
  return row.expiresAt.getTime() > Date.now() && row.code === code.trim().toLowerCase();
}
