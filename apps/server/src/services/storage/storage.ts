/** One stored object as listed by {@link MediaStorage.list}. */
export interface StoredObject {
  key: string
  /** Last modification, ms since the epoch. */
  modifiedAt: number
}

/**
 * Where media files live: keys are relative paths (`creations/<uuid>/image.png`). The server decides who may
 * read a file (signed URLs checked against the database); the storage only keeps bytes.
 */
export interface MediaStorage {
  readonly kind: 'directory' | 's3'
  put(key: string, data: Buffer, contentType: string): Promise<void>
  /** The bytes, or undefined when there is no such object. */
  get(key: string): Promise<Buffer | undefined>
  /** Removes the objects; a missing one is not an error. */
  delete(keys: string[]): Promise<void>
  /** Every object whose key starts with `prefix`. */
  list(prefix: string): AsyncIterable<StoredObject>
  /**
   * A URL the browser can load directly for `expiresInSeconds` (an S3 presigned URL), or undefined when the
   * server itself must send the bytes (the directory).
   */
  directUrl(key: string, expiresInSeconds: number, contentDisposition?: string): Promise<string | undefined>
}

/** Rejects keys that could leave the storage root or confuse a bucket. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9._/-]*$/i.test(key) || key.includes('..') || key.includes('//'))
    throw new RangeError(`unsafe storage key: ${key}`)
}
