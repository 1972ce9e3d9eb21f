import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { BrandFont } from '@templet/api/contract'
import { checkFontLimits, facesOf } from '@templet/render'
import type { Template } from '@templet/template'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BrandKit } from '../src/features/brand-kit/brand-kit'
import type { FileUrls } from '../src/services/file-urls'
import { defaultRenderer } from '../src/services/renderer'
import { brotli, cmapTable, format4, tablesOf, withCmap, woff2 } from './font-bytes'
import { engines, startServer, type TestServer } from './harness'

const require = createRequire(import.meta.url)
const INTER_WOFF2 = readFileSync(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff2'))
const GROTESK = readFileSync(facesOf('Templet Space Grotesk').find((f) => f.weight === 700)?.file ?? '')

describe.each(engines)('brand font limits on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  const storedFonts = async () => {
    let n = 0
    for await (const _ of s.storage.list('fonts/')) n++
    return n
  }

  /** Uploads `bytes` for a new account and checks the refusal names `reason` and nothing was kept. */
  async function refused(bytes: Uint8Array, name: string, reason: string) {
    const { token } = await s.signUp()
    const before = await storedFonts()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(bytes)]), name)
    const r = await s.call<BrandFont>('POST', '/font/upload', { token, form })
    expect(r.code).toBe(400)
    expect((r.data as unknown as { issues: unknown[] }).issues).toEqual([
      { path: ['file'], code: 'invalid_format', params: { format: 'ttf|otf|woff2', reason } },
    ])
    expect((await s.call('GET', '/font/list', { token })).total).toBe(0)
    expect(await storedFonts()).toBe(before)
    return r.msg
  }

  it('refuses a TrueType font whose character map adds up to 65 million characters, keeping nothing', async () => {
    const ranges = Array.from({ length: 1000 }, (): [number, number] => [0, 0xfffe])
    const bomb = withCmap(GROTESK, cmapTable(format4(ranges)))
    expect(await refused(bomb, 'brand.ttf', 'too_many_characters')).toBe(
      'file: The font was refused: the font maps 65 million characters; at most 200,000 are accepted',
    )
  })

  it('refuses a WOFF2 whose header declares a gigabyte, keeping nothing', async () => {
    const bomb = woff2(tablesOf(GROTESK), { declared: { glyf: 2 ** 30 }, compressed: new Uint8Array(700) })
    expect(await refused(bomb, 'brand.woff2', 'too_large_expanded')).toBe(
      'file: The font was refused: the WOFF2 file declares 1.0 GB of font data; at most 30 MB is accepted',
    )
  })

  it('refuses a WOFF2 whose compressed data holds more than its header declares, keeping nothing', async () => {
    const tables = tablesOf(GROTESK)
    const more = brotli(Buffer.concat([...tables.values(), Buffer.alloc(8 * 1024 * 1024)]))
    expect(await refused(woff2(tables, { compressed: more }), 'brand.woff2', 'bad_compression')).toMatch(
      /^file: The font was refused: the WOFF2 file's compressed data does not expand to the \d+ kB its header declares$/,
    )
  })

  it('draws a font stored before these limits that exceeds them in sans, as a deleted one, and says so once', async () => {
    const { token, user } = await s.signUp()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(GROTESK)]), 'brand.ttf')
    const up = await s.call<BrandFont>('POST', '/font/upload', { token, form })
    expect(up.code).toBe(0)
    const kitOf = () =>
      new BrandKit({
        db: s.db.kysely,
        storage: s.storage,
        urls: {} as FileUrls,
        renderer: defaultRenderer,
        now: s.now,
      })
    const family = up.data.familyKey
    const t = {
      layers: [{ id: 'name', type: 'text', text: 'Ada', font: family, size: 40 }],
    } as unknown as Template
    const kept = await kitOf().forRender(user.id, t)
    expect(kept.brandFonts.map((f) => f.family)).toEqual([family])
    // The stored bytes become a bomb, kept as uploaded, as an upload before the checks could have kept them.
    const row = await s.db.kysely
      .updateTable('brand_fonts')
      .set({ sanitized: 0 })
      .where('id', '=', up.data.id)
      .returning('storage_key')
      .executeTakeFirstOrThrow()
    const ranges = Array.from({ length: 1000 }, (): [number, number] => [0, 0xfffe])
    await s.storage.put(
      row.storage_key,
      Buffer.from(withCmap(GROTESK, cmapTable(format4(ranges)))),
      'font/ttf',
    )
    const drawn = await kitOf().forRender(user.id, t)
    expect(drawn.brandFonts).toEqual([])
    expect(drawn.template.layers[0]).toMatchObject({ font: 'sans' })
    // Refused once for all: the next render, in any process, draws in sans without reading the file again.
    const after = await s.db.kysely
      .selectFrom('brand_fonts')
      .select(['sanitized', 'storage_key'])
      .where('id', '=', up.data.id)
      .executeTakeFirstOrThrow()
    expect(after).toEqual({ sanitized: -1, storage_key: row.storage_key })
    await s.storage.delete([row.storage_key])
    expect((await kitOf().forRender(user.id, t)).template.layers[0]).toMatchObject({ font: 'sans' })
  })

  it('passes the WOFF2 built here, so the bombs above are refused for their sizes alone, and keeps a WOFF2 as the TrueType it holds', async () => {
    expect(checkFontLimits(woff2(tablesOf(GROTESK)))).toMatchObject({ container: 'woff2' })
    const { token } = await s.signUp()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(INTER_WOFF2)]), 'brand.woff2')
    const r = await s.call<BrandFont>('POST', '/font/upload', { token, form })
    expect(r.data).toMatchObject({ family: 'Inter', weight: 400, format: 'ttf' })
  })
})
