import path from 'node:path'
import type { MediaConfig } from '../../config'
import { DirectoryStorage } from './directory'
import { S3Storage } from './s3'
import type { MediaStorage } from './storage'

export { DirectoryStorage } from './directory'
export { S3Storage } from './s3'
export type { MediaStorage, StoredObject } from './storage'

/** The configured media storage: the S3 bucket when set, else `dataDir/media`. */
export function openStorage(media: MediaConfig, dataDir: string): MediaStorage {
  return media.s3 ? new S3Storage(media.s3) : new DirectoryStorage(path.join(dataDir, 'media'))
}

/**
 * Origins the browser loads media from besides the app's own: the bucket's, when media are in S3 (file URLs
 * redirect there). The page's Content-Security-Policy must allow them for images and downloads.
 */
export function directOrigins(media: MediaConfig): string[] {
  const s3 = media.s3
  if (!s3) return []
  if (!s3.endpoint) return [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`]
  const u = new URL(s3.endpoint)
  return [s3.forcePathStyle ? u.origin : `${u.protocol}//${s3.bucket}.${u.host}`]
}
