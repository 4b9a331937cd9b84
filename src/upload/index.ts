export { upload } from './upload';
export { r2Storage } from './r2-storage';
export { s3Storage } from './s3-storage';
export { sanitizeFilename } from './sanitize';
export { detectType } from './detect';
export type {
  UploadOptions,
  UploadedFile,
  UploadCandidate,
  UploadStorage,
  StoreMetadata,
  FormFields,
  R2BucketLike,
  S3Options,
} from './types';
