import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

/**
 * The server secret: the one key this application keeps outside its database, so that whoever can read
 * or write the database can neither recover a short code from its stored hash nor re-hash an edited
 * audit entry. APP_SECRET (≥ 32 characters), or, when it is unset, a random secret written once to
 * DATA_DIR/app.key (mode 0600). Each use gets its own key derived from it (HKDF-SHA256 with the purpose as
 * `info`), so a key learnt from one use says nothing of another's.
 *
 * Several processes of one machine share DATA_DIR and so the file, created atomically (`keyFile`); several
 * machines sharing one database must be given the same APP_SECRET, or a code sent by one does not verify
 * on another and the chain one links does not verify on another.
 */

/** Every use of the server secret; a new use adds its name here and so gets a key of its own. */
export type KeyPurpose = 'sms-code' | 'captcha' | 'datalog-chain';

export type SecretSource = Pick<Config, 'appSecret' | 'dataDir'>;

export const APP_KEY_FILE = 'app.key';

export const AppSecretMsg = {
  noKey: (reason: string) => `无法取得服务器密钥：未设置 APP_SECRET，且不能在 DATA_DIR 保存密钥文件 ${APP_KEY_FILE}（${reason}）`,
  notLoaded: '服务器密钥尚未载入（启动时应先调用 installAppSecret）',
} as const;

/**
 * A secret kept in a file of `dir`, created once with 32 random bytes (hex) when there is none. The new
 * file is written aside and hard-linked into place, which fails if another process got there first: two
 * processes starting together still end with one secret. `onCreated` hears of a file written just now.
 */
export function keyFile(dir: string, name: string, onCreated: (file: string) => void = () => undefined): string {
  const file = path.join(dir, name);
  const read = () => fs.readFileSync(file, 'utf8').trim();
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(dir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(aside, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(aside, file);
    onCreated(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(aside, { force: true });
  }
  return read();
}

type Loaded = { source: SecretSource; onKeyCreated: (file: string) => void; secret: Buffer | null; keys: Map<KeyPurpose, Buffer> };
let loaded: Loaded | null = null;

/**
 * Names where this process's server secret comes from (at start, before anything hashes or links). The
 * secret itself is read, or its file created, at first use, so a process that never needs it never
 * writes DATA_DIR; `onKeyCreated` hears of a key file written then.
 */
export function installAppSecret(source: SecretSource, onKeyCreated: (file: string) => void = () => undefined): void {
  if (loaded && loaded.source.appSecret === source.appSecret && loaded.source.dataDir === source.dataDir) return;
  loaded = { source: { appSecret: source.appSecret, dataDir: source.dataDir }, onKeyCreated, secret: null, keys: new Map() };
}

function secretOf(l: Loaded): Buffer {
  if (l.secret) return l.secret;
  let text: string;
  if (l.source.appSecret) text = l.source.appSecret;
  else {
    try {
      text = keyFile(l.source.dataDir, APP_KEY_FILE, l.onKeyCreated);
    } catch (error) {
      throw new Error(AppSecretMsg.noKey((error as NodeJS.ErrnoException).code ?? (error as Error).message));
    }
    if (text.length < 32) throw new Error(AppSecretMsg.noKey(`${APP_KEY_FILE} 的内容少于32个字符`));
  }
  l.secret = Buffer.from(text, 'utf8');
  return l.secret;
}

/** The key of one purpose, derived from the server secret. */
export function keyFor(purpose: KeyPurpose): Buffer {
  if (!loaded) throw new Error(AppSecretMsg.notLoaded);
  let key = loaded.keys.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secretOf(loaded), Buffer.from('sbwq'), Buffer.from(`sbwq/${purpose}`), 32));
    loaded.keys.set(purpose, key);
  }
  return key;
}

/** HMAC-SHA256 of `text` under the purpose's key, as hex: a hash nobody without the server secret can recompute. */
export const keyedHash = (purpose: KeyPurpose, text: string) => createHmac('sha256', keyFor(purpose)).update(text).digest('hex');
