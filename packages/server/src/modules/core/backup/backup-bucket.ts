import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { s3ClientOf, s3Sdk } from '../../../platform/storage/s3-store.ts';
import type { S3Config } from '../../../platform/storage/storage-config.ts';
import { BACKUP_NAME, BackupError } from './backup.ts';

/**
 * The 数据备份 job's bucket target (issue 39 "to a folder or a bucket and keeps the last N"): the archive,
 * written to a local folder first, goes up as one object `<prefix><name>`; the bucket keeps the newest N
 * objects under the prefix named as this system names its archives, and nothing else there is touched.
 * One PUT per archive: S3 takes up to 5 GB in one request (README 备份与恢复).
 */

const failed = (bucket: S3Config, e: unknown) =>
  new BackupError(`备份存储桶 ${bucket.bucket} 不可用：${(e as { name?: string; message?: string }).message || (e as { name?: string }).name || String(e)}`);

/** Uploads `file` as `<prefix><its name>` and answers the key. */
export async function putBackup(bucket: S3Config, file: string): Promise<string> {
  const Key = `${bucket.prefix}${path.basename(file)}`;
  const client = s3ClientOf(bucket);
  try {
    const { size } = await fsp.stat(file);
    await client.send(
      new (s3Sdk().PutObjectCommand)({ Bucket: bucket.bucket, Key, Body: fs.createReadStream(file), ContentLength: size, ContentType: 'application/gzip' }),
    );
    return Key;
  } catch (e) {
    throw failed(bucket, e);
  } finally {
    client.destroy();
  }
}

/** The keys of this system's archives under the prefix, oldest first (the names sort by time). */
export async function listBucketBackups(bucket: S3Config): Promise<string[]> {
  const client = s3ClientOf(bucket);
  const keys: string[] = [];
  try {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new (s3Sdk().ListObjectsV2Command)({ Bucket: bucket.bucket, Prefix: bucket.prefix, ContinuationToken }));
      for (const { Key } of page.Contents ?? []) if (Key && BACKUP_NAME.test(Key.slice(bucket.prefix.length))) keys.push(Key);
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  } catch (e) {
    throw failed(bucket, e);
  } finally {
    client.destroy();
  }
  return keys.sort();
}

/** Keeps the newest `keep` archives in the bucket; answers how many went. */
export async function pruneBucketBackups(bucket: S3Config, keep: number): Promise<number> {
  const ours = await listBucketBackups(bucket);
  const old = ours.slice(0, Math.max(0, ours.length - keep));
  const client = s3ClientOf(bucket);
  try {
    // One DeleteObject each: DeleteObjects needs a body checksum that not every S3-compatible server reads alike.
    for (const Key of old) await client.send(new (s3Sdk().DeleteObjectCommand)({ Bucket: bucket.bucket, Key }));
  } catch (e) {
    throw failed(bucket, e);
  } finally {
    client.destroy();
  }
  return old.length;
}
