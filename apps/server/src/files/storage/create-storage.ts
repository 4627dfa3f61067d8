import type { Config } from '../../config';
import type { FileStorage } from './file-storage';
import { createLocalDiskStorage } from './local-disk-storage';

/**
 * The storage the configuration names: the S3 bucket when S3_BUCKET is set,
 * DATA_DIR on local disk otherwise. The AWS SDK (some 20 MB once loaded) is
 * imported only when a bucket is configured (issue 11, memory after start).
 */
export async function createFileStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<FileStorage> {
  if (!config.s3) return createLocalDiskStorage(config.dataDir);
  const { createS3Storage } = await import('./s3-storage');
  return createS3Storage(config.s3);
}
