import { hash, verify, type Options } from '@node-rs/argon2';
import { isLegacyHash, verifyLegacyPassword } from './jeecg-password.ts';

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): memory-hard, ~30 ms here. */
export const PASSWORD_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const satisfies Options;

/**
 * argon2id's cheapest parameters, for test runs only: the tests hash and verify a password for every
 * user they create and every sign-in, thousands a run, and at production cost that was a visible share
 * of CI's CPU. A stored hash names its own parameters, so verifying follows whatever made it.
 */
const TEST_RUN_COST = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const satisfies Options;

/** The cost `hashPassword` uses: production's, except in a Vitest run (Vitest sets VITEST in its workers and their child processes). */
export function passwordHashCost(env: NodeJS.ProcessEnv = process.env): Options {
  return env.VITEST ? TEST_RUN_COST : PASSWORD_HASH_COST;
}

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, passwordHashCost());
}

// Verifying against a real hash when the user does not exist keeps both failures equally slow.
let dummyHash: Promise<string> | null = null;

/**
 * Whether `plain` is the password behind the stored hash: argon2id, or a JeecgBoot hash imported and not yet
 * replaced (it encrypts the username, so it needs `username`; `needsRehash` tells the sign-in to replace it).
 */
export async function verifyPassword(storedHash: string | null, plain: string, username?: string): Promise<boolean> {
  if (storedHash && isLegacyHash(storedHash)) return username !== undefined && verifyLegacyPassword(storedHash, username, plain);
  if (!storedHash) {
    dummyHash ??= hashPassword('no-such-user-password');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return verify(storedHash, plain).catch(() => false);
}

/** A stored hash that is not argon2id (an imported JeecgBoot one): the next successful sign-in replaces it. */
export function needsRehash(storedHash: string): boolean {
  return isLegacyHash(storedHash);
}
