import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { BrandFont } from '@templet/api/contract'
import { loadCatalogue } from '@templet/catalogue'
import { facesOf, inspectFont, uncoveredCharacters as serverUncovered } from '@templet/render'
import { CodePointRanges, familyFaces, uncoveredCharacters } from '@templet/template'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'

const require = createRequire(import.meta.url)
/** A TrueType file the renderer ships (Inter Bold Italic) and a WOFF2 of Inter from another package. */
const ttfPath = facesOf('Templet Inter').find((f) => f.weight === 700 && f.italic)?.file ?? ''
const TTF = readFileSync(ttfPath)
const WOFF2 = readFileSync(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff2'))
/** Space Grotesk looks nothing like Inter: what a render draws with it differs from the sans default. */
const GROTESK = readFileSync(facesOf('Templet Space Grotesk').find((f) => f.weight === 700)?.file ?? '')

const form = (bytes: Uint8Array, name: string) => {
  const f = new FormData()
  f.append('file', new Blob([new Uint8Array(bytes)]), name)
  return f
}

describe.each(engines)('the brand kit on %s', (engine) => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer(engine)
  })
  afterAll(() => s.close())

  const upload = (token: string, bytes: Uint8Array, name = 'font.ttf', server = s) =>
    server.call<BrandFont>('POST', '/font/upload', { token, form: form(bytes, name) })

  it('reads family, weight and style from a TTF and a WOFF2, lists them and serves the files as kept, re-encoded', async () => {
    const { token } = await s.signUp()
    const ttf = await upload(token, TTF)
    expect(ttf.code).toBe(0)
    expect(ttf.data).toMatchObject({
      family: 'Inter',
      weight: 700,
      style: 'italic',
      format: 'ttf',
    })
    expect(ttf.data.familyKey).toMatch(/^brand-[a-z0-9]{8,40}$/)
    const woff2 = await upload(token, WOFF2, 'inter.woff2')
    // Kept as the TrueType font the WOFF2 holds.
    expect(woff2.data).toMatchObject({ family: 'Inter', weight: 400, style: 'normal', format: 'ttf' })
    // One family, one key: the document names the family, every weight of it follows.
    expect(woff2.data.familyKey).toBe(ttf.data.familyKey)
    const list = await s.call<BrandFont[]>('GET', '/font/list', { token })
    expect(list.total).toBe(2)
    expect(list.data.map((f) => [f.weight, f.style])).toEqual([
      [400, 'normal'],
      [700, 'italic'],
    ])
    const file = await fetch(`${s.url}${ttf.data.url}`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('font/ttf')
    expect(file.headers.get('cache-control')).toMatch(/^private, max-age=\d+, immutable$/)
    const served = Buffer.from(await file.arrayBuffer())
    expect(served.byteLength).toBe(ttf.data.bytes)
    expect(inspectFont(served)).toEqual(inspectFont(TTF))
    expect((await fetch(`${s.url}${ttf.data.url.split('?')[0]}`)).status).toBe(403)
  })

  it('serves the shipped faces publicly with a year of cache, and their manifest', async () => {
    const manifest = (await (await fetch(`${s.url}/api/fonts/manifest.json`)).json()) as Record<
      string,
      Array<{ weight: number; italic: boolean; url: string }>
    >
    const inter = manifest['Templet Inter']?.find((f) => f.weight === 700 && f.italic)
    expect(inter?.url).toBe('/api/fonts/Templet%20Inter/700i')
    const res = await fetch(`${s.url}${inter?.url}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(Buffer.from(await res.arrayBuffer()).equals(TTF)).toBe(true)
    expect((await fetch(`${s.url}/api/fonts/Templet%20Inter/300`)).status).toBe(404)
    expect((await fetch(`${s.url}/api/fonts/Arial/400`)).status).toBe(404)
  })

  it('serves what each shipped face can draw as code point ranges, which answer as the server checks values', async () => {
    const ranges = async (face: string) => {
      const res = await fetch(`${s.url}/api/fonts/${encodeURIComponent(face)}/coverage.json`)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600')
      return new CodePointRanges((await res.json()) as number[])
    }
    const inter = await ranges('Templet Inter')
    const arabic = await ranges('Templet Noto Sans Arabic')
    for (const ch of 'Aé€Ж') expect(inter.has(ch.codePointAt(0) as number), ch).toBe(true)
    for (const ch of 'ش中ሰ') expect(inter.has(ch.codePointAt(0) as number), ch).toBe(false)
    expect(arabic.has('ش'.codePointAt(0) as number)).toBe(true)
    // The browser's check with the ranges of every face of a family names what the server's own check names.
    const served = new Map<string, CodePointRanges>()
    for (const face of familyFaces('sans')) served.set(face, await ranges(face))
    const inBrowser = (text: string) => uncoveredCharacters(text, 'sans', undefined, (f) => served.get(f))
    for (const text of ['Hello ሰላም', 'مرحبا ሰ and 中文', 'ラーメン ꦲꦤ', 'Ж€ ✓ 🚀'])
      expect(inBrowser(text), text).toEqual(serverUncovered(text, 'sans'))
    expect(inBrowser('Hello ሰላም')).toEqual(['ሰ', 'ላ', 'ም'])
    // A face the browser has no ranges of (a brand face) leaves its characters to the server.
    expect(uncoveredCharacters('Hello ሰላም', 'sans', undefined, () => undefined)).toEqual([])
    expect((await fetch(`${s.url}/api/fonts/Arial/coverage.json`)).status).toBe(404)
  })

  it('refuses a file that is not a font, a cut one and an oversized one, saying why', async () => {
    const { token } = await s.signUp()
    const text = await upload(token, new TextEncoder().encode('this is not a font, only some words'))
    expect(text).toMatchObject({ code: 400, msg: expect.stringMatching(/^file: .*not a TTF, OTF or WOFF2/) })
    expect((text.data as unknown as { issues: unknown[] }).issues[0]).toMatchObject({
      path: ['file'],
      code: 'invalid_format',
    })
    const cut = await upload(token, TTF.subarray(0, 4000))
    expect(cut).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^file: The font was refused: the file is cut short: /),
    })
    const big = Buffer.concat([TTF, Buffer.alloc(5 * 1024 * 1024)])
    expect((await upload(token, big)).code).toBe(413)
    expect((await s.call('GET', '/font/list', { token })).total).toBe(0)
  })

  it('adds one face once, also when two processes upload it at the same moment', async () => {
    const { token } = await s.signUp()
    const twin = await s.twin()
    try {
      const both = await Promise.all([upload(token, TTF), upload(token, TTF, 'again.ttf', twin)])
      expect(both.map((r) => r.code).sort()).toEqual([0, 409])
      expect(both.find((r) => r.code === 409)?.msg).toMatch(/already has Inter 700 italic/)
    } finally {
      await twin.close()
    }
    expect((await s.call('GET', '/font/list', { token })).total).toBe(1)
  })

  it("another customer's font is a 404, not in their list, and not a family they can name", async () => {
    const owner = await s.signUp()
    const other = await s.signUp()
    const font = await upload(owner.token, GROTESK)
    expect((await s.call('GET', '/font/list', { token: other.token })).total).toBe(0)
    const del = await s.call('POST', '/font/delete', { token: other.token, body: { id: font.data.id } })
    expect(del.code).toBe(404)
    // A document naming the owner's family is refused for anyone else, naming the layer and property.
    const bq = loadCatalogue().templates.find((t) => t.id === 'bold-quote')
    if (!bq) throw new Error('bold-quote left the catalogue')
    const text = bq.layers.find((l) => l.type === 'text')
    const document = {
      ...bq,
      layers: bq.layers.map((l) => (l === text ? { ...l, font: font.data.familyKey } : l)),
    }
    const theirs = await s.call('POST', '/template/save', {
      token: other.token,
      body: { name: 'Mine', document },
    })
    expect(theirs.code).toBe(400)
    expect(theirs.msg).toBe(
      `document: layer "${text?.id}", property "font": no font of your brand kit is the family ${font.data.familyKey}`,
    )
    const own = await s.call('POST', '/template/save', {
      token: owner.token,
      body: { name: 'Mine', document },
    })
    expect(own.code).toBe(0)
    expect(
      (await s.call('POST', '/font/delete', { token: owner.token, body: { id: font.data.id } })).code,
    ).toBe(0)
    expect((await fetch(`${s.url}${font.data.url}`)).status).toBe(404)
  })

  it("draws the owner's brand font in their renders and their templates' thumbnails", async () => {
    const { token } = await s.signUp()
    const font = await upload(token, GROTESK)
    const bq = loadCatalogue().templates.find((t) => t.id === 'bold-quote')
    if (!bq) throw new Error('bold-quote left the catalogue')
    const save = async (family: string) => {
      const document = {
        ...bq,
        layers: bq.layers.map((l) => (l.type === 'text' ? { ...l, font: family } : l)),
      }
      const r = await s.call('POST', '/template/save', { token, body: { name: family, document } })
      expect(r.code).toBe(0)
      return r.data.id as number
    }
    const preview = async (templateId: number) => {
      const res = await fetch(`${s.url}/api/creation/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bucket ${token}` },
        body: JSON.stringify({ templateId, values: {}, format: 'png', maxSide: 400 }),
      })
      expect(res.headers.get('content-type')).toBe('image/png')
      return sharp(Buffer.from(await res.arrayBuffer()))
        .raw()
        .toBuffer()
    }
    /** The template's thumbnail in My templates, as pixels. */
    const thumbnail = async (templateId: number) => {
      const mine = await s.call<Array<{ id: number; thumbnailUrl: string }>>('GET', '/template/mine', {
        token,
      })
      const url = mine.data.find((t) => t.id === templateId)?.thumbnailUrl
      const res = await fetch(`${s.url}${url}`)
      expect(res.headers.get('content-type')).toBe('image/webp')
      return sharp(Buffer.from(await res.arrayBuffer()))
        .raw()
        .toBuffer()
    }
    const ids = await Promise.all([save(font.data.familyKey), save('sans'), save('grotesk')])
    // The brand family is Space Grotesk's bold: its picture is much nearer the shipped Space Grotesk's than
    // Inter's (the lighter layers take the bold too, so it is not the same picture).
    const distance = (x: Buffer, y: Buffer) => x.reduce((sum, v, i) => sum + Math.abs(v - (y[i] ?? 0)), 0)
    // Thumbnails first: a face registered by a render stays registered in that thread, so a thumbnail drawn after
    // the previews would show the brand family even if it never asked for its files.
    for (const draw of [thumbnail, preview]) {
      const [brand, sans, grotesk] = await Promise.all(ids.map(draw))
      if (!brand || !sans || !grotesk) throw new Error('a picture is missing')
      expect(distance(brand, sans)).toBeGreaterThan(0)
      expect(distance(brand, grotesk)).toBeLessThan(distance(brand, sans) / 2)
    }
  })

  it('keeps a palette of brand colours per account, checked', async () => {
    const a = await s.signUp()
    const b = await s.signUp()
    expect((await s.call('GET', '/brand/palette', { token: a.token })).data).toEqual({ colors: [] })
    const saved = await s.call('POST', '/brand/palette', {
      token: a.token,
      body: { colors: ['#1E40AF', '#f59e0b'] },
    })
    expect(saved).toMatchObject({ code: 0, data: { colors: ['#1e40af', '#f59e0b'] } })
    expect((await s.call('GET', '/brand/palette', { token: a.token })).data.colors).toEqual([
      '#1e40af',
      '#f59e0b',
    ])
    expect((await s.call('GET', '/brand/palette', { token: b.token })).data.colors).toEqual([])
    const bad = await s.call('POST', '/brand/palette', {
      token: a.token,
      body: { colors: ['#1e40af', 'blue'] },
    })
    expect(bad).toMatchObject({
      code: 400,
      msg: expect.stringContaining('colors.1: a colour is # and six hexadecimal digits'),
    })
    const twice = await s.call('POST', '/brand/palette', {
      token: a.token,
      body: { colors: ['#111111', '#111111'] },
    })
    expect(twice).toMatchObject({ code: 400, msg: expect.stringContaining('each colour at most once') })
    const many = Array.from({ length: 25 }, (_, i) => `#0000${i.toString(16).padStart(2, '0')}`)
    expect((await s.call('POST', '/brand/palette', { token: a.token, body: { colors: many } })).code).toBe(
      400,
    )
    expect((await s.call('GET', '/brand/palette', { token: a.token })).data.colors).toEqual([
      '#1e40af',
      '#f59e0b',
    ])
  })
})
