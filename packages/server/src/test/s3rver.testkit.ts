import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver takes any key pair; these are the ones its README uses. */
const KEY = 'S3RVER';

export type S3rverBucket = {
  bucket: string;
  /** the folder s3rver keeps its objects in: a test can look for a file's bytes there */
  directory: string;
  port: number;
  endpoint: string;
  /** The S3_* settings that put a server's uploads in this bucket, under `prefix`. */
  env(prefix: string): Record<string, string>;
  /** A client of its own, for the objects a test puts or lists beside the server. */
  client(): S3Client;
  close(): Promise<void>;
};

/** A real S3-compatible server (s3rver) on a free local port, with one empty bucket, in a folder of its own. */
export async function startS3rver(bucket: string): Promise<S3rverBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), `${bucket}-s3rver-`));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const clients: S3Client[] = [];
  return {
    bucket,
    directory,
    port,
    endpoint,
    env: (prefix) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
      S3_FORCE_PATH_STYLE: '1',
      S3_PREFIX: prefix,
    }),
    client: () => {
      const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: KEY, secretAccessKey: KEY } });
      clients.push(client);
      return client;
    },
    close: async () => {
      for (const client of clients) client.destroy();
      await s3.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
