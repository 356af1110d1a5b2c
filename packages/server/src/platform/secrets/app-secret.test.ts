import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_KEY_FILE, installAppSecret, keyedHash, keyFor } from './app-secret.ts';

// Security review: "key every low-entropy secret hash with a server secret kept outside the database".
describe('the server secret (APP_SECRET or DATA_DIR/app.key) and its keys per purpose', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-app-secret-'));
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    installAppSecret({ appSecret: 'test-only-app-secret-0123456789abcdef0123', dataDir: '/nonexistent' });
  });

  it('without APP_SECRET a random key is written once to DATA_DIR/app.key (0600) at first use, and read back by the next process', () => {
    const created: string[] = [];
    installAppSecret({ appSecret: null, dataDir: dir }, (file) => created.push(file));
    expect(fs.existsSync(path.join(dir, APP_KEY_FILE))).toBe(false);
    const first = keyFor('sms-code');
    const file = path.join(dir, APP_KEY_FILE);
    expect(created).toEqual([file]);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    // another process (a fresh load) of the same DATA_DIR: the same key, no new file
    installAppSecret({ appSecret: 'x'.repeat(40), dataDir: dir });
    installAppSecret({ appSecret: null, dataDir: dir }, (f) => created.push(f));
    expect(keyFor('sms-code').equals(first)).toBe(true);
    expect(created).toHaveLength(1);
  });

  it('each purpose has its own key, and APP_SECRET decides them without any file', () => {
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-app-secret-env-'));
    installAppSecret({ appSecret: 'a'.repeat(32), dataDir: elsewhere });
    expect(keyFor('sms-code').equals(keyFor('datalog-chain'))).toBe(false);
    expect(keyedHash('captcha', 'x')).not.toBe(keyedHash('sms-code', 'x'));
    const underA = keyedHash('sms-code', 'id:123456');
    installAppSecret({ appSecret: 'b'.repeat(32), dataDir: elsewhere });
    expect(keyedHash('sms-code', 'id:123456')).not.toBe(underA);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    fs.rmSync(elsewhere, { recursive: true, force: true });
  });
});
