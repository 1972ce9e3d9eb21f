import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Creation } from '@templet/api/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config'
import { sweepOrphans } from '../src/services/media-sweep'
import { DirectoryStorage, type MediaStorage, openStorage } from '../src/services/storage'
import { engines, startServer, type TestServer, testEnv } from './harness'
import { allTemplates, detailOf, validValues } from './media/catalogue'
import { startS3 } from './media/s3-server'

async function keys(storage: MediaStorage, prefix: string): Promise<string[]> {
  const out: string[] = []
  for await (const o of storage.list(prefix)) out.push(o.key)
  return out.sort()
}

const backends: [string, () => Promise<{ storage: MediaStorage; stop(): Promise<void> }>][] = [
  [
    'a directory',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'templet-media-'))
      return {
        storage: new DirectoryStorage(dir),
        stop: async () => fs.rmSync(dir, { recursive: true, force: true }),
      }
    },
  ],
  [
    'an S3-compatible bucket',
    async () => {
      const s3 = await startS3()
      const config = loadConfig({ ...testEnv(), ...s3.env })
      return { storage: openStorage(config.media, os.tmpdir()), stop: s3.stop }
    },
  ],
]

describe.each(backends)('media storage in %s', (_name, open) => {
  let storage: MediaStorage
  let stop: () => Promise<void>
  beforeAll(async () => {
    ;({ storage, stop } = await open())
  })
  afterAll(() => stop())

  it('stores, reads, lists by prefix and deletes objects', async () => {
    const data = Buffer.from([1, 2, 3, 4, 5])
    await storage.put('creations/abc/image.png', data, 'image/png')
    await storage.put('creations/abc/thumb.webp', Buffer.from('thumb'), 'image/webp')
    await storage.put('uploads/u1.png', Buffer.from('upload'), 'image/png')
    expect(await storage.get('creations/abc/image.png')).toEqual(data)
    expect(await storage.get('creations/missing.png')).toBeUndefined()
    expect(await keys(storage, 'creations/')).toEqual(['creations/abc/image.png', 'creations/abc/thumb.webp'])
    expect(await keys(storage, 'uploads/')).toEqual(['uploads/u1.png'])
    await storage.put('creations/abc/image.png', Buffer.from('replaced'), 'image/png')
    expect((await storage.get('creations/abc/image.png'))?.toString()).toBe('replaced')
    await storage.delete(['creations/abc/image.png', 'creations/abc/thumb.webp', 'creations/never-there.png'])
    expect(await keys(storage, 'creations/')).toEqual([])
    await storage.delete(['uploads/u1.png'])
    expect(await keys(storage, '')).toEqual([])
  })

  it('refuses keys that could leave the storage', async () => {
    await expect(storage.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(RangeError)
    await expect(storage.get('creations/../../etc/passwd')).rejects.toThrow(RangeError)
  })

  it('gives a direct URL only where the browser can load the object itself (S3 presigned)', async () => {
    await storage.put('uploads/direct.png', Buffer.from('direct'), 'image/png')
    const url = await storage.directUrl('uploads/direct.png', 60)
    if (storage.kind === 'directory') expect(url).toBeUndefined()
    else {
      expect(url).toContain('X-Amz-Signature=')
      const res = await fetch(url as string)
      expect(await res.text()).toBe('direct')
    }
    await storage.delete(['uploads/direct.png'])
  })
})

describe.each(engines)('orphaned media on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  it('the sweep removes old files without a row and keeps young ones and those of rows', async () => {
    const { token } = await s.signUp()
    const t = await detailOf(s, (await allTemplates(s))[0]?.id as number)
    const made = await s.call<Creation>('POST', '/creation/create', {
      token,
      body: { templateId: t.id, values: await validValues(s, token, t) },
    })
    expect(made.code).toBe(0)
    // What a crash between writing the files and committing the row leaves behind.
    await s.storage.put('creations/00000000-dead/image.png', Buffer.from('orphan'), 'image/png')
    await s.storage.put('uploads/00000000-dead.png', Buffer.from('orphan'), 'image/png')
    const before = await keys(s.storage, '')
    expect(await sweepOrphans(s.db.kysely, s.storage, { now: Date.now(), graceMs: 3_600_000 })).toBe(0)
    expect(
      await sweepOrphans(s.db.kysely, s.storage, { now: Date.now() + 3_600_001, graceMs: 3_600_000 }),
    ).toBe(2)
    const after = await keys(s.storage, '')
    expect(before.filter((k) => !after.includes(k))).toEqual([
      'creations/00000000-dead/image.png',
      'uploads/00000000-dead.png',
    ])
    // The creation's own files are all still served.
    for (const u of Object.values(made.data.files)) expect((await fetch(`${s.url}${u}`)).status).toBe(200)
  })
})

describe.each(engines)('media in an S3-compatible bucket on %s', (engine) => {
  let s: TestServer
  let stopS3: () => Promise<void>
  let s3Origin: string
  beforeAll(async () => {
    const s3 = await startS3()
    stopS3 = s3.stop
    s3Origin = s3.env.S3_ENDPOINT as string
    s = await startServer(engine, s3.env)
  })
  afterAll(async () => {
    await s.close()
    await stopS3()
  })

  it('serves file URLs through presigned bucket URLs and stops at once on delete', async () => {
    expect(s.storage.kind).toBe('s3')
    // The page may load images from the bucket the file URLs redirect to, and from nowhere else.
    const csp = (await fetch(`${s.url}/api/docs`)).headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(new RegExp(`img-src 'self' data: blob: ${s3Origin.replace(/[.]/g, '\\.')};`))
    const { token } = await s.signUp()
    const t = await detailOf(s, (await allTemplates(s))[0]?.id as number)
    const made = await s.call<Creation>('POST', '/creation/create', {
      token,
      body: { templateId: t.id, values: await validValues(s, token, t) },
    })
    expect(made.code).toBe(0)
    const first = await fetch(`${s.url}${made.data.files.png}`, { redirect: 'manual' })
    expect(first.status).toBe(302)
    const presigned = first.headers.get('location') as string
    expect(presigned).toMatch(/X-Amz-Expires=\d+/)
    const png = await fetch(presigned)
    expect(png.status).toBe(200)
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG')
    expect((await fetch(`${s.url}${made.data.thumbnailUrl}`)).status).toBe(200)
    expect(await keys(s.storage, 'creations/')).toHaveLength(4)

    expect((await s.call('POST', '/creation/delete', { token, body: { id: made.data.id } })).code).toBe(0)
    expect((await fetch(`${s.url}${made.data.files.png}`, { redirect: 'manual' })).status).toBe(404)
    // The objects are gone, so even a presigned URL handed out before the delete stops working.
    expect((await fetch(presigned)).status).toBe(404)
    expect(await keys(s.storage, 'creations/')).toEqual([])
  })
})
