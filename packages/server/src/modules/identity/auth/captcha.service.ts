import { timingSafeEqual } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type svgCaptchaLib from 'svg-captcha';
import type { Db } from '../../../platform/db/client.ts';
import { lazyModule } from '../../../platform/lazy-module.ts';
import { keyedHash } from '../../../platform/secrets/app-secret.ts';
import { sysCaptcha } from './auth.table.ts';

export const CAPTCHA_TTL_MS = 120_000;

// Keyed with the server secret: the check key is often a timestamp and the answer four characters, so a
// reader of sys_captcha could otherwise find a live answer at once. Captchas drawn before the key existed
// no longer match; they lived two minutes, so a new one is simply drawn.
const keyHash = (checkKey: string) => keyedHash('captcha', `key:${checkKey}`);
const answerHash = (checkKey: string, answer: string) => keyedHash('captcha', `answer:${checkKey}:${answer.trim().toLowerCase()}`);
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

// svg-captcha parses its font when it is loaded (some 2 MB of heap): loaded for the first captcha drawn.
const svgCaptcha = lazyModule<typeof svgCaptchaLib>('svg-captcha');

/** A 4-character image code for `checkKey` (JEECG-API §2.1); stored in the database so any process can check it. */
export async function issueCaptcha(db: Db, checkKey: string): Promise<string> {
  const captcha = svgCaptcha().create({ size: 4, ignoreChars: '0oO1iIlLq9g', noise: 3, color: true, width: 105, height: 35, fontSize: 40 });
  const now = Date.now();
  await db.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, new Date(now)));
  const values = { keyHash: keyHash(checkKey), code: answerHash(checkKey, captcha.text), expiresAt: new Date(now + CAPTCHA_TTL_MS) };
  await db
    .insert(sysCaptcha)
    .values(values)
    .onConflictDoUpdate({ target: sysCaptcha.keyHash, set: { code: values.code, expiresAt: values.expiresAt } });
  return `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
}

/** Checks and consumes a code: case-insensitive, single use, expiring. */
export async function consumeCaptcha(db: Db, checkKey: string, code: string): Promise<boolean> {
  const deleted = await db
    .delete(sysCaptcha)
    .where(eq(sysCaptcha.keyHash, keyHash(checkKey)))
    .returning();
  const row = deleted[0];
  if (!row) return false;
  return row.expiresAt.getTime() > Date.now() && sameHash(row.code, answerHash(checkKey, code));
}
