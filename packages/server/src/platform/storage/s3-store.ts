import type { Readable } from 'node:stream';
import fs from 'node:fs';
import type { S3Client } from '@aws-sdk/client-s3';
import { lazyModule } from '../lazy-module.ts';
import { resolveStored } from './storage.ts';
import { unavailable, type FileStore } from './file-store.ts';
import type { S3Config } from './storage-config.ts';

/**
 * The AWS SDK (about 20 MB once loaded) only in an installation that stores in a bucket: the server bundle
 * turns this module's import into a static one at the top of main.mjs, so the package is required here,
 * at the first S3Store (issue 35).
 */
const sdk = lazyModule<typeof import('@aws-sdk/client-s3')>('@aws-sdk/client-s3');

/** A client for one bucket's service: the SDK loaded here, at the first one; also the 数据备份 job's bucket (backup-bucket.ts). */
export function s3ClientOf(config: S3Config): S3Client {
  const { S3Client } = sdk();
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
    // A bucket that does not answer must fail the upload quickly rather than hold the request for minutes.
    maxAttempts: 2,
    // Checksums only where S3 requires them: the SDK's default trailing checksums (aws-chunked bodies) are not
    // understood by every S3-compatible server (older MinIO, OSS); our own SHA-256 covers the bytes anyway.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
  });
}

/** The SDK's module, for the commands of a client made by s3ClientOf. */
export const s3Sdk = sdk;

export class S3Store implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  constructor(
    private readonly config: S3Config,
    private readonly dataDir: string,
  ) {
    this.client = s3ClientOf(config);
  }

  /** The object key: the same relative path under the optional prefix, after the same check the local folder makes. */
  private key(relative: string): string {
    resolveStored(this.dataDir, relative);
    return `${this.config.prefix}${relative}`;
  }

  async put(relative: string, source: string, size: number, mime: string): Promise<void> {
    const Key = this.key(relative);
    // Once more with a fresh stream when the connection dropped: the SDK's own retry cannot replay a body
    // stream it has consumed, and a kept-alive connection the server closed while idle fails the first write.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.client.send(
          new (sdk().PutObjectCommand)({ Bucket: this.config.bucket, Key, Body: fs.createReadStream(source), ContentLength: size, ContentType: mime }),
        );
        return;
      } catch (e) {
        if (attempt >= 2 || !connectionDropped(e)) throw unavailable(e);
      }
    }
  }

  async get(relative: string): Promise<Readable | null> {
    const Key = this.key(relative);
    try {
      const out = await this.client.send(new (sdk().GetObjectCommand)({ Bucket: this.config.bucket, Key }));
      return out.Body as Readable;
    } catch (e) {
      if (e instanceof sdk().NoSuchKey || e instanceof sdk().NotFound || (e as { name?: string }).name === 'NoSuchKey') return null;
      throw unavailable(e);
    }
  }

  async remove(relative: string): Promise<void> {
    try {
      await this.client.send(new (sdk().DeleteObjectCommand)({ Bucket: this.config.bucket, Key: this.key(relative) }));
    } catch (e) {
      throw unavailable(e);
    }
  }

  async exists(relative: string): Promise<boolean> {
    try {
      await this.client.send(new (sdk().HeadObjectCommand)({ Bucket: this.config.bucket, Key: this.key(relative) }));
      return true;
    } catch (e) {
      if (e instanceof sdk().NotFound || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw unavailable(e);
    }
  }
}

/** A connection that broke mid-request (reset, closed, timed out), as opposed to a refusal or an S3 error answer. */
function connectionDropped(e: unknown): boolean {
  const { code, name } = e as { code?: string; name?: string };
  return code === 'ECONNRESET' || code === 'EPIPE' || name === 'TimeoutError';
}
