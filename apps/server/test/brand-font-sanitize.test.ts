import { readFileSync } from 'node:fs'
import type { BrandFont } from '@templet/api/contract'
import { facesOf, inspectFont, render } from '@templet/render'
import { type BrandFamily, parseTemplate, type Template } from '@templet/template'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BrandKit } from '../src/features/brand-kit/brand-kit'
import type { FileUrls } from '../src/services/file-urls'
import { defaultRenderer } from '../src/services/renderer'
import { sfnt, tablesOf } from './font-bytes'
import { engines, startServer, type TestServer } from './harness'

const GROTESK = readFileSync(facesOf('Templet Space Grotesk').find((f) => f.weight === 700)?.file ?? '')

/** A one-line card in brand family `family`. */
const card = (family: BrandFamily): Template =>
  parseTemplate({
    id: 'card',
    typeId: 'card',
    name: { en: 'Card', 'zh-CN': '卡片' },
    sizes: [{ id: 'square', width: 320, height: 120, label: { en: 'Square', 'zh-CN': '方形' } }],
    fields: [],
    layers: [
      { id: 'bg', type: 'shape', fill: '#ffffff', box: { x: 0, y: 0, w: 320, h: 120 } },
      {
        id: 'name',
        type: 'text',
        text: 'Quick fox, jumps! 0123',
        font: family,
        size: 32,
        color: '#111111',
        box: { x: 10, y: 30, w: 300, h: 60 },
      },
    ],
    samples: { en: {}, 'zh-CN': {} },
  })

describe.each(engines)('brand fonts re-encoded before they are kept, on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  const kit = () =>
    new BrandKit({
      db: s.db.kysely,
      storage: s.storage,
      urls: {} as FileUrls,
      renderer: defaultRenderer,
      now: s.now,
    })
  const rowOf = (id: number) =>
    s.db.kysely
      .selectFrom('brand_fonts')
      .select(['storage_key', 'sanitized', 'bytes', 'format'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  const upload = async (token: string, bytes: Uint8Array) => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)]), 'brand.ttf')
    const r = await s.call<BrandFont>('POST', '/font/upload', { token, form })
    expect(r.code, r.msg).toBe(0)
    return r.data
  }

  it('keeps only the re-encoded file: a table no font needs and the bytes in it are gone, every character kept', async () => {
    const { token } = await s.signUp()
    const tables = tablesOf(GROTESK)
    tables.set('ZZZZ', Buffer.alloc(100_000, 7))
    const uploaded = sfnt(tables)
    const font = await upload(token, uploaded)
    const row = await rowOf(font.id)
    const stored = await s.storage.get(row.storage_key)
    if (!stored) throw new Error('the font file was not stored')
    expect(row).toMatchObject({ sanitized: 1, bytes: stored.byteLength, format: 'ttf' })
    expect(font.bytes).toBe(stored.byteLength)
    expect(stored.byteLength).toBeLessThan(uploaded.byteLength - 100_000)
    expect([...tablesOf(stored).keys()]).not.toContain('ZZZZ')
    expect([...tablesOf(stored).keys()]).toEqual(expect.arrayContaining(['cmap', 'glyf', 'GSUB', 'GPOS']))
    expect(inspectFont(stored)).toEqual(inspectFont(GROTESK))
  })

  it('draws the re-encoded file when another render re-encoded it between reading its row and its file', async () => {
    const { token, user } = await s.signUp()
    const font = await upload(token, GROTESK)
    const { storage_key: sanitizedKey } = await rowOf(font.id)
    const oldKey = `fonts/earlier-${font.id}.ttf`
    await s.storage.put(oldKey, Buffer.from(GROTESK), 'font/ttf')
    await s.db.kysely
      .updateTable('brand_fonts')
      .set({ storage_key: oldKey, sanitized: 0, bytes: GROTESK.byteLength })
      .where('id', '=', font.id)
      .execute()
    // This render has read the row; as it asks for the file, another render records its re-encoding and
    // removes the file the row named.
    const storage = Object.create(s.storage) as typeof s.storage
    storage.get = async (key: string) => {
      if (key === oldKey) {
        await s.db.kysely
          .updateTable('brand_fonts')
          .set({ storage_key: sanitizedKey, sanitized: 1 })
          .where('id', '=', font.id)
          .execute()
        await s.storage.delete([oldKey])
      }
      return s.storage.get(key)
    }
    const late = new BrandKit({
      db: s.db.kysely,
      storage,
      urls: {} as FileUrls,
      renderer: defaultRenderer,
      now: s.now,
    })
    const { brandFonts } = await late.forRender(user.id, card(font.familyKey as BrandFamily))
    expect(brandFonts).toHaveLength(1)
    const stored = await s.storage.get(sanitizedKey)
    expect(Buffer.from(brandFonts[0]?.data ?? []).equals(stored as Buffer)).toBe(true)
  })

  it('re-encodes a file kept as uploaded by an earlier release at its first render, once, and it draws the same', async () => {
    const { token, user } = await s.signUp()
    const font = await upload(token, GROTESK)
    // As an earlier release kept it: the uploaded bytes, not re-encoded.
    const oldKey = `fonts/earlier-${font.id}.ttf`
    await s.storage.put(oldKey, Buffer.from(GROTESK), 'font/ttf')
    const { storage_key: sanitizedKey } = await rowOf(font.id)
    await s.db.kysely
      .updateTable('brand_fonts')
      .set({ storage_key: oldKey, sanitized: 0, bytes: GROTESK.byteLength })
      .where('id', '=', font.id)
      .execute()
    await s.storage.delete([sanitizedKey])

    const family = font.familyKey as BrandFamily
    // Two renders at once, each with its own kit as two processes would: one re-encoding is recorded, and
    // the other's copy is not left behind.
    const [first, second] = await Promise.all([
      kit().forRender(user.id, card(family)),
      kit().forRender(user.id, card(family)),
    ])
    expect(first.brandFonts).toHaveLength(1)
    expect(second.brandFonts).toHaveLength(1)
    const row = await rowOf(font.id)
    expect(row.sanitized).toBe(1)
    expect(row.storage_key).not.toBe(oldKey)
    expect(await s.storage.get(oldKey)).toBeUndefined()
    const files: string[] = []
    for await (const o of s.storage.list('fonts/')) files.push(o.key)
    expect(files.filter((k) => k === row.storage_key)).toHaveLength(1)
    const stored = await s.storage.get(row.storage_key)
    expect(row.bytes).toBe(stored?.byteLength)

    // The next render reads the recorded file and re-encodes nothing.
    const again = await kit().forRender(user.id, card(family))
    expect(Buffer.from(again.brandFonts[0]?.data ?? []).equals(stored as Buffer)).toBe(true)
    expect((await rowOf(font.id)).storage_key).toBe(row.storage_key)

    // The same card in the file as an earlier release kept it and as re-encoded: the same pixels. Each file
    // under a family of its own, as Skia keeps one face per family.
    const before = 'brand-earlierfile' as BrandFamily
    const [was, is] = await Promise.all([
      render(card(before), {}, { brandFonts: [{ id: 'earlier', family: before, data: GROTESK }] }),
      render(card(family), {}, { brandFonts: again.brandFonts }),
    ])
    const pixels = (png: Buffer) => sharp(png).raw().toBuffer()
    expect((await pixels(is.png)).equals(await pixels(was.png))).toBe(true)
  })
})
