import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BizError } from '../http/envelope.ts';
import { resolveStored } from './storage.ts';
import { STORE_UNAVAILABLE, type StorageConfig, type StorageKind } from './storage-config.ts';

export { STORE_UNAVAILABLE, type StorageConfig, type StorageKind };

/**
 * The bytes of stored uploads. Paths are the relative ones storage.ts generates (`biz/yyyyMMdd/<hex>.<ext>`),
 * checked again here so a path from a request never names anything else.
 */
export interface FileStore {
  readonly kind: StorageKind;
  /** Copies a finished local file into the store under `relative`. */
  put(relative: string, source: string, size: number, mime: string): Promise<void>;
  /** The stored bytes as a stream, or null when there is no such file. */
  get(relative: string): Promise<Readable | null>;
  remove(relative: string): Promise<void>;
  exists(relative: string): Promise<boolean>;
}

export class LocalStore implements FileStore {
  readonly kind = 'local' as const;
  constructor(private readonly dataDir: string) {}

  async put(relative: string, source: string): Promise<void> {
    const target = resolveStored(this.dataDir, relative);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // Copied beside the target and renamed over it: a reader never sees half a file, and a move run again
    // after an interruption simply writes the same bytes once more. Copied, not renamed from the spool,
    // which may sit on another file system.
    const partial = `${target}.${process.pid}.part`;
    await fsp.copyFile(source, partial);
    await fsp.chmod(partial, 0o640);
    await fsp.rename(partial, target);
  }

  async get(relative: string): Promise<Readable | null> {
    const file = resolveStored(this.dataDir, relative);
    try {
      const handle = await fsp.open(file, 'r');
      return handle.createReadStream();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async remove(relative: string): Promise<void> {
    await fsp.rm(resolveStored(this.dataDir, relative), { force: true });
  }

  async exists(relative: string): Promise<boolean> {
    return fs.existsSync(resolveStored(this.dataDir, relative));
  }
}

export function unavailable(cause: unknown): BizError {
  if (cause instanceof BizError) return cause;
  const error = new BizError(STORE_UNAVAILABLE);
  (error as { cause?: unknown }).cause = cause;
  return error;
}

const stores = new Map<string, FileStore>();

/** The AWS SDK is loaded on the first use of the bucket, so a server on the local folder never starts it. */
function lazyS3(storage: Extract<StorageConfig, { kind: 's3' }>, dataDir: string): FileStore {
  let real: Promise<FileStore> | null = null;
  const store = () => (real ??= import('./s3-store.ts').then((m) => new m.S3Store(storage, dataDir)));
  return {
    kind: 's3',
    put: async (...args) => (await store()).put(...args),
    get: async (relative) => (await store()).get(relative),
    remove: async (relative) => (await store()).remove(relative),
    exists: async (relative) => (await store()).exists(relative),
  };
}

/** One store per configuration (a client keeps its connections), shared by every route of the process. */
export function fileStoreOf(dataDir: string, storage: StorageConfig): FileStore {
  const id = JSON.stringify([dataDir, storage]);
  let store = stores.get(id);
  if (!store) {
    store = storage.kind === 's3' ? lazyS3(storage, dataDir) : new LocalStore(dataDir);
    stores.set(id, store);
  }
  return store;
}

/** A received upload written to a spool file while its SHA-256 is computed: no whole file in memory. */
export type Spooled = { file: string; size: number; sha256: string; head: Buffer; truncated: boolean };

/**
 * The spool is in the system's temporary folder, not under DATA_DIR: an upload refused while it arrives
 * (too large, cut off) must leave nothing in the data folder, and the stores copy from it anyway.
 */
export const spoolRoot = () => path.join(os.tmpdir(), 'sbwq-spool');

/**
 * Writes the stream to a fresh spool file, hashing on the way; the caller removes the file when done.
 * A stream that fails (the size limit, a client gone) leaves no spool file behind.
 */
export async function spool(source: Readable & { truncated?: boolean }, name: string): Promise<Spooled> {
  const dir = spoolRoot();
  await fsp.mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  const hash = createHash('sha256');
  let size = 0;
  const heads: Buffer[] = [];
  let headSize = 0;
  const written = pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        if (headSize < 16) {
          heads.push(chunk.subarray(0, 16 - headSize));
          headSize += Math.min(chunk.length, 16 - headSize);
        }
        yield chunk;
      }
    },
    fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }),
  );
  await written.catch(async (error: unknown) => {
    await fsp.rm(file, { force: true });
    throw error;
  });
  return { file, size, sha256: hash.digest('hex'), head: Buffer.concat(heads), truncated: Boolean(source.truncated) };
}

/** The SHA-256 of a stored file as it is today, read through the store; null when the file is gone. */
export async function fingerprintOf(store: FileStore, relative: string): Promise<string | null> {
  const stream = await store.get(relative);
  if (!stream) return null;
  const hash = createHash('sha256');
  try {
    for await (const chunk of stream) hash.update(chunk as Buffer);
  } catch (e) {
    throw unavailable(e);
  }
  return hash.digest('hex');
}

/** Hashes bytes already in memory (demo content, tests). */
export const sha256Of = (content: Buffer | string) => createHash('sha256').update(content).digest('hex');
