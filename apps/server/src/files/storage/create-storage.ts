import type { Config } from '../../config';
import type { FileStorage } from './file-storage';
import { createLocalDiskStorage } from './local-disk-storage';
import { createS3Storage } from './s3-storage';

/** The storage the configuration names: the S3 bucket when S3_BUCKET is set, DATA_DIR on local disk otherwise. */
export function createFileStorage(config: Pick<Config, 'dataDir' | 's3'>): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(config.dataDir);
}
