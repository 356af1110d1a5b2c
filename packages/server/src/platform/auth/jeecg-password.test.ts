import { describe, expect, it } from 'vitest';
import { desCbcEncrypt, desEncryptBlock } from './des.ts';
import { isLegacyHash, jeecgEncrypt, legacyStoredHash, verifyLegacyPassword } from './jeecg-password.ts';

const hex = (s: string) => Buffer.from(s, 'hex');
const toHex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('DES, written out because Node 24 keeps it in the OpenSSL legacy provider (issue 40, 密码)', () => {
  it('encrypts the standard worked example (key 133457799BBCDFF1, block 0123456789ABCDEF → 85E813540F0AB405)', () => {
    expect(toHex(desEncryptBlock(hex('133457799bbcdff1'), hex('0123456789abcdef')))).toBe('85e813540f0ab405');
  });

  it('ignores the key parity bits, as the standard does', () => {
    expect(toHex(desEncryptBlock(hex('123457799bbcdff0'), hex('0123456789abcdef')))).toBe('85e813540f0ab405');
  });

  it('CBC with PKCS#5 padding matches `openssl enc -des-cbc` over several blocks and over a full block (one whole pad block)', () => {
    const key = hex('0123456789abcdef');
    const iv = hex('fedcba9876543210');
    expect(toHex(desCbcEncrypt(key, iv, Buffer.from('a_much_longer_username_x')))).toBe('05281be094339022d97a5586be96732fe79e8681cfdf415732f201b7a9d3c268');
    expect(toHex(desCbcEncrypt(key, iv, Buffer.from('12345678')))).toBe('494e56b4bf8339c636e9a59fca8c5729');
  });

  it('refuses keys, IVs and blocks of the wrong size', () => {
    expect(() => desEncryptBlock(hex('0102'), hex('0123456789abcdef'))).toThrow();
    expect(() => desEncryptBlock(hex('133457799bbcdff1'), hex('01'))).toThrow();
    expect(() => desCbcEncrypt(hex('133457799bbcdff1'), hex('01'), Buffer.from('x'))).toThrow();
  });
});

describe('JeecgBoot 2.3 PasswordUtil hashes (issue 40, 密码; vectors from the stock dump)', () => {
  it('reproduces the stock users admin and jeecg (password 123456)', () => {
    expect(jeecgEncrypt('admin', '123456', 'RCGTeGiH')).toBe('cb362cfeefbf3d8d');
    expect(jeecgEncrypt('jeecg', '123456', 'vDDkDzrK')).toBe('3dd8371f3cf8240e');
  });

  it("verifies the right password and refuses a wrong one, another user's name, and the hash itself as password", () => {
    const stored = legacyStoredHash('vDDkDzrK', '3dd8371f3cf8240e')!;
    expect(isLegacyHash(stored)).toBe(true);
    expect(verifyLegacyPassword(stored, 'jeecg', '123456')).toBe(true);
    expect(verifyLegacyPassword(stored, 'jeecg', '1234567')).toBe(false);
    expect(verifyLegacyPassword(stored, 'admin', '123456')).toBe(false);
    expect(verifyLegacyPassword(stored, 'jeecg', '3dd8371f3cf8240e')).toBe(false);
    expect(verifyLegacyPassword(stored, 'jeecg', stored)).toBe(false);
  });

  it('accepts the upper-case hex some exports write, and rejects stored values that are not a JeecgBoot hash', () => {
    expect(verifyLegacyPassword(legacyStoredHash('RCGTeGiH', 'CB362CFEEFBF3D8D')!, 'admin', '123456')).toBe(true);
    expect(legacyStoredHash('RCG$eGiH', 'cb362cfeefbf3d8d')).toBeNull();
    expect(legacyStoredHash('RCGTeGiH', 'cb362cfeefbf3d8')).toBeNull();
    expect(legacyStoredHash('', 'cb362cfeefbf3d8d')).toBeNull();
    expect(verifyLegacyPassword('$argon2id$v=19$m=64,t=1,p=1$abc$def', 'admin', '123456')).toBe(false);
    expect(isLegacyHash('$argon2id$v=19$m=64')).toBe(false);
  });

  it("a non-ASCII password (which Java's PBE key refuses) never matches", () => {
    expect(jeecgEncrypt('admin', '密码123456', 'RCGTeGiH')).toBeNull();
    expect(verifyLegacyPassword(legacyStoredHash('RCGTeGiH', 'cb362cfeefbf3d8d')!, 'admin', '密码123456')).toBe(false);
  });
});
