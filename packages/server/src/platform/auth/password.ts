import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes): memory-hard, ~30 ms here. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
}

// Verifying against a real hash when the user does not exist keeps both failures equally slow.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(storedHash: string | null, plain: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('no-such-user-password');
    await verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return verify(storedHash, plain).catch(() => false);
}
