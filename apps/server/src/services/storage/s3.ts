import type { S3Client } from '@aws-sdk/client-s3'
import { assertSafeKey, type MediaStorage, type StoredObject } from './storage'

/** The SDK's modules, loaded by the first call: a server on local files (the default) never reads them. */
const loadSdk = async () => {
  const [s3, presigner] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ])
  return { ...s3, getSignedUrl: presigner.getSignedUrl }
}
type Sdk = Awaited<ReturnType<typeof loadSdk>>

export interface S3Options {
  bucket: string
  region: string
  /** For S3-compatible stores (MinIO, R2, a local test server); unset for AWS itself. */
  endpoint?: string
  forcePathStyle: boolean
  accessKeyId?: string
  secretAccessKey?: string
  /** Prepended to every key, so one bucket can hold several installations. */
  prefix: string
}

/** Media files in an S3-compatible bucket; the browser loads them through presigned URLs. */
export class S3Storage implements MediaStorage {
  readonly kind = 's3'
  private connected: Promise<{ sdk: Sdk; client: S3Client }> | undefined
  private client: S3Client | undefined
  constructor(private readonly o: S3Options) {}

  private connect(): Promise<{ sdk: Sdk; client: S3Client }> {
    this.connected ??= loadSdk().then((sdk) => {
      // The pinned SDK supports Node 20; its notice about later releases needing Node 22 would break the JSON log.
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
      const o = this.o
      this.client = new sdk.S3Client({
        region: o.region,
        ...(o.endpoint ? { endpoint: o.endpoint } : {}),
        forcePathStyle: o.forcePathStyle,
        ...(o.accessKeyId && o.secretAccessKey
          ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } }
          : {}),
      })
      return { sdk, client: this.client }
    })
    return this.connected
  }

  private key(key: string): string {
    assertSafeKey(key)
    return `${this.o.prefix}${key}`
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.connect()
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.o.bucket,
        Key: this.key(key),
        Body: data,
        ContentType: contentType,
      }),
    )
  }

  async get(key: string): Promise<Buffer | undefined> {
    const { sdk, client } = await this.connect()
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket: this.o.bucket, Key: this.key(key) }))
      if (!out.Body) return undefined
      return Buffer.from(await out.Body.transformToByteArray())
    } catch (err) {
      if (err instanceof sdk.NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined
      throw err
    }
  }

  async delete(keys: string[]): Promise<void> {
    const { sdk, client } = await this.connect()
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000)
      if (batch.length === 0) continue
      await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: this.o.bucket,
          Delete: { Objects: batch.map((k) => ({ Key: this.key(k) })), Quiet: true },
        }),
      )
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    const { sdk, client } = await this.connect()
    let token: string | undefined
    do {
      const out = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.o.bucket,
          Prefix: `${this.o.prefix}${prefix}`,
          ContinuationToken: token,
        }),
      )
      for (const o of out.Contents ?? []) {
        if (!o.Key) continue
        yield { key: o.Key.slice(this.o.prefix.length), modifiedAt: o.LastModified?.getTime() ?? 0 }
      }
      token = out.IsTruncated ? out.NextContinuationToken : undefined
    } while (token)
  }

  async directUrl(key: string, expiresInSeconds: number, contentDisposition?: string): Promise<string> {
    const { sdk, client } = await this.connect()
    const get = new sdk.GetObjectCommand({
      Bucket: this.o.bucket,
      Key: this.key(key),
      ...(contentDisposition ? { ResponseContentDisposition: contentDisposition } : {}),
    })
    return sdk.getSignedUrl(client, get, {
      expiresIn: Math.max(1, Math.floor(expiresInSeconds)),
    })
  }

  close(): void {
    this.client?.destroy()
  }
}
