import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../../platform/config.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { keyFile } from '../../../platform/secrets/app-secret.ts';

/**
 * The 多数据源 passwords at rest: AES-256-GCM with a key from DATASOURCE_SECRET, or, when it is unset, from
 * a random secret written once to DATA_DIR/datasource.key (mode 0600).
 *
 * Several processes: with WORKERS > 1 every process of the machine shares DATA_DIR, so they read the same
 * file; it is created atomically (written aside, then hard-linked into place, which fails if another
 * process got there first: `keyFile`), so two processes starting together still end with one key. Several machines
 * sharing one database each have their own DATA_DIR: they must be given the same DATASOURCE_SECRET, or a
 * password saved on one cannot be read on another (they then get `wrongKey`, not a failure).
 */

/** Where the key comes from; `onKeyCreated` hears of a key file written just now (the routes log it). */
export type KeySource = Pick<Config, 'datasourceSecret' | 'dataDir'> & { onKeyCreated?: (file: string) => void };
export type DataSourceKey = { key: Buffer; id: string; origin: 'env' | 'file' };

export const KEY_FILE = 'datasource.key';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const SecretMsg = {
  wrongKey: (stored: string, current: string) =>
    `数据源密码无法解密：保存时使用的密钥（标识 ${stored}）与当前密钥（标识 ${current}）不同。请恢复原来的 DATASOURCE_SECRET（或 DATA_DIR/${KEY_FILE}），或编辑该数据源重新填写密码`,
  corrupt: '数据源密码已损坏，无法解密，请编辑该数据源重新填写密码',
  noKey: (reason: string) => `无法取得数据源密码的加密密钥：未设置 DATASOURCE_SECRET，且不能在 DATA_DIR 保存密钥文件（${reason}）`,
} as const;

/** The AES key of a secret text: HKDF-SHA256, so any long random text will do (hex, base64, words). */
function keyOf(secret: string, origin: DataSourceKey['origin']): DataSourceKey {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.from('sbwq'), Buffer.from('sys_data_source.password'), 32));
  // The id tells which key sealed a password; eight hex digits of a hash say nothing of the key itself.
  return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 8), origin };
}

const cache = new Map<string, DataSourceKey>();

/**
 * The key passwords are sealed and opened with, read once per process. Without DATASOURCE_SECRET and
 * without a usable DATA_DIR it refuses with a Chinese message.
 */
export function dataSourceKey(config: KeySource): DataSourceKey {
  const cacheKey = config.datasourceSecret ? `env:${config.datasourceSecret}` : `file:${config.dataDir}`;
  const known = cache.get(cacheKey);
  if (known) return known;
  let key: DataSourceKey;
  if (config.datasourceSecret) key = keyOf(config.datasourceSecret, 'env');
  else {
    let secret: string;
    try {
      secret = keyFile(config.dataDir, KEY_FILE, config.onKeyCreated);
    } catch (error) {
      throw new BizError(SecretMsg.noKey((error as NodeJS.ErrnoException).code ?? (error as Error).message));
    }
    if (secret.length < 32) throw new BizError(SecretMsg.noKey(`${KEY_FILE} 的内容少于32个字符`));
    key = keyOf(secret, 'file');
  }
  cache.set(cacheKey, key);
  return key;
}

/** `v1:<key id>:<base64 of iv | tag | ciphertext>`; a fresh random IV each time. */
export function sealPassword(key: DataSourceKey, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${VERSION}:${key.id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

/** The password sealed by `sealPassword`; a Chinese refusal when another key sealed it or it was altered. */
export function openPassword(key: DataSourceKey, sealed: string): string {
  const [version, keyId, data] = sealed.split(':');
  if (version !== VERSION || !keyId || !data) throw new BizError(SecretMsg.corrupt);
  if (keyId !== key.id) throw new BizError(SecretMsg.wrongKey(keyId, key.id));
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new BizError(SecretMsg.corrupt);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new BizError(SecretMsg.corrupt);
  }
}
