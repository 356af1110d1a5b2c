import { createHash, timingSafeEqual } from 'node:crypto';
import { desCbcEncrypt } from './des.ts';

/**
 * Passwords imported from JeecgBoot 2.3 (issue 40). JeecgBoot stores `PasswordUtil.encrypt(username, password, salt)`:
 * PBEWithMD5AndDES (PKCS #5 PBES1) with the password as key, the row's salt, 1000 iterations, the username as
 * plaintext, lower-case hex. We keep it as `$jeecg-pbe$<salt>$<hex>` in sys_user.password until the user's next
 * sign-in, which verifies it and replaces it with an argon2id hash.
 */
export const LEGACY_PREFIX = '$jeecg-pbe$';
const LEGACY_FORMAT = /^\$jeecg-pbe\$([\x21-\x23\x25-\x7e]{1,64})\$([0-9a-f]{16,512})$/;
const ITERATIONS = 1000;

/** The stored form of a JeecgBoot hash, or null when the salt or the hash is not what JeecgBoot writes. */
export function legacyStoredHash(salt: string, hex: string): string | null {
  const stored = `${LEGACY_PREFIX}${salt}$${hex.toLowerCase()}`;
  return LEGACY_FORMAT.test(stored) && hex.length % 16 === 0 ? stored : null;
}

export function isLegacyHash(stored: string | null | undefined): boolean {
  return typeof stored === 'string' && stored.startsWith(LEGACY_PREFIX);
}

/** JeecgBoot's `PasswordUtil.encrypt(plaintext, password, salt)`, hex. Java's PBE key accepts printable ASCII only, so other passwords give null. */
export function jeecgEncrypt(plaintext: string, password: string, salt: string): string | null {
  if (!/^[\x20-\x7e]*$/.test(password)) return null;
  let digest = createHash('md5').update(Buffer.from(password, 'latin1')).update(Buffer.from(salt, 'utf8')).digest();
  for (let i = 1; i < ITERATIONS; i++) digest = createHash('md5').update(digest).digest();
  return Buffer.from(desCbcEncrypt(digest.subarray(0, 8), digest.subarray(8, 16), Buffer.from(plaintext, 'utf8'))).toString('hex');
}

/** Whether `plain` is the password behind a stored JeecgBoot hash of `username`; compared in constant time. */
export function verifyLegacyPassword(stored: string, username: string, plain: string): boolean {
  const m = LEGACY_FORMAT.exec(stored);
  if (!m) return false;
  const computed = jeecgEncrypt(username, plain, m[1]);
  if (computed === null || computed.length !== m[2].length) return false;
  return timingSafeEqual(Buffer.from(computed), Buffer.from(m[2]));
}
