import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

type S3rverOptions = {
  address: string;
  port: number;
  silent: boolean;
  directory: string;
  configureBuckets: { name: string }[];
};
type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };

// s3rver ships no type declarations; this is the slice of its API the tests use.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: S3rverOptions) => S3rverInstance;

export type FakeS3 = {
  /** `http://127.0.0.1:<port>`: the S3_ENDPOINT. */
  readonly endpoint: string;
  readonly bucket: string;
  /** S3_* environment for the app (path-style, s3rver's built-in key pair). */
  readonly env: Record<string, string>;
  close(): Promise<void>;
};

/** An S3-compatible server (s3rver) on a free loopback port with one empty bucket, files in a temp dir. */
export async function startFakeS3(bucket = 'lws-test'): Promise<FakeS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'lws-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      OBJECT_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
