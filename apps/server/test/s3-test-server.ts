import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config';

export interface TestS3Server {
  /** What the S3 storage is configured with (S3_* variables of a server process: see `env`). */
  settings: S3Settings;
  env: Record<string, string>;
  /** Objects as the server keeps them on its disk (for asserting where a file went). */
  directory: string;
  close(): Promise<void>;
}

/** s3rver's fixed keys: it checks request signatures against them. */
const ACCESS_KEY = 'S3RVER';

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1, on a free port, keeping
 * its objects in a fresh temporary folder, with one empty bucket: the S3
 * storage and the server processes are tested against it.
 */
export async function startTestS3Server(bucket = 'notadoo-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(tmpdir(), 'notadoo-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
      forcePathStyle: true,
      prefix: '',
    },
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: ACCESS_KEY, S3_SECRET_ACCESS_KEY: ACCESS_KEY },
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
