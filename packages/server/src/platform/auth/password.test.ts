import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, passwordHashCost, verifyPassword } from './password.ts';

/*
 * Passwords are stored as argon2id hashes (README.md, 安全要点). Test runs hash at the cheapest
 * cost (password.ts says why); these prove that outside a test run the production parameters apply,
 * and that the cheap hashes of a test run are still argon2id and verify like real ones.
 */
describe('password hashing (argon2id)', () => {
  it("outside a Vitest run the cost is production's — argon2id m=19456 (19 MiB), t=2, p=1, as the stored hash names it — and such a hash verifies", async () => {
    const production = passwordHashCost({ NODE_ENV: 'production' });
    expect(production).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const stored = await hash('Correct horse 1', production);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'Correct horse 1')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse 1')).toBe(false);
  });

  it('in a Vitest run hashPassword still makes salted argon2id hashes that verify, at the cheapest cost', async () => {
    expect(passwordHashCost({ VITEST: 'true' })).toEqual({ memoryCost: 64, timeCost: 1, parallelism: 1 });
    const [a, b] = [await hashPassword('Correct horse 1'), await hashPassword('Correct horse 1')];
    expect(a).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'Correct horse 1')).toBe(true);
    expect(await verifyPassword(a, 'Correct horse 2')).toBe(false);
    expect(await verifyPassword(null, 'Correct horse 1')).toBe(false);
  });
});
