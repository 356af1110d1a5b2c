/** Where uploads live: the local folder DATA_DIR/upload (default) or one S3-compatible bucket shared by every server. */
export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint: string | null;
      region: string;
      bucket: string;
      accessKeyId: string | null;
      secretAccessKey: string | null;
      forcePathStyle: boolean;
      prefix: string;
    };

export type StorageKind = StorageConfig['kind'];
export type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** The words an upload or a read answers with when the store cannot be reached (issue 39: a clear message, nothing half-recorded). */
export const STORE_UNAVAILABLE = '文件存储暂时不可用，请稍后重试';

/** STORAGE=s3 needs S3_BUCKET; keys may come from the SDK's own chain (instance role) when S3_ACCESS_KEY_ID is not set. */
export function storageConfigOf(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = (env.STORAGE?.trim() || 'local').toLowerCase();
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error('STORAGE 只能是 local 或 s3');
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('STORAGE=s3 时必须设置 S3_BUCKET');
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() || null;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || null;
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置');
  const prefix = (env.S3_PREFIX?.trim() ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && !/^[A-Za-z0-9_\-/.]{1,100}$/.test(prefix)) throw new Error('S3_PREFIX 只能包含字母、数字、_ - . /');
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT?.trim() || null,
    region: env.S3_REGION?.trim() || 'us-east-1',
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
    prefix: prefix ? `${prefix}/` : '',
  };
}

/**
 * Where the 数据备份 job puts its archives when its target is `bucket`: BACKUP_S3_BUCKET (null when unset), under
 * BACKUP_S3_PREFIX (default `backup`); endpoint, region, keys and path style from BACKUP_S3_* or else from S3_*,
 * so a second bucket on the same service needs one variable. Another bucket than the uploads' keeps a backup
 * apart from what it backs up.
 */
export function backupBucketOf(env: NodeJS.ProcessEnv): S3Config | null {
  if (!env.BACKUP_S3_BUCKET?.trim()) return null;
  const pick = (name: string) => (env[`BACKUP_${name}`]?.trim() ? env[`BACKUP_${name}`] : env[name]);
  const config = storageConfigOf({
    STORAGE: 's3',
    S3_BUCKET: env.BACKUP_S3_BUCKET,
    S3_PREFIX: env.BACKUP_S3_PREFIX ?? 'backup',
    S3_ENDPOINT: pick('S3_ENDPOINT'),
    S3_REGION: pick('S3_REGION'),
    S3_ACCESS_KEY_ID: pick('S3_ACCESS_KEY_ID'),
    S3_SECRET_ACCESS_KEY: pick('S3_SECRET_ACCESS_KEY'),
    S3_FORCE_PATH_STYLE: pick('S3_FORCE_PATH_STYLE'),
  });
  return config.kind === 's3' ? config : null;
}
