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
