import type { Config } from '../../config';
import { createLocalFileStore, localFilesDir, type FileStore } from './file-store';
import { createS3FileStore } from './s3-store';

/** The file store of the configuration: an S3-compatible store when one is named, else DATA_DIR/files. */
export const openFileStore = (config: Config): FileStore =>
  config.s3 ? createS3FileStore(config.s3) : createLocalFileStore(localFilesDir(config.dataDir));
