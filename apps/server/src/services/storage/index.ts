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
