import { readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { BrandFont } from '@templet/api/contract'
import { loadCatalogue } from '@templet/catalogue'
import { libraryFamily } from '@templet/fonts'
import { libraryFaceFile } from '@templet/fonts/files'
import { inspectFont } from '@templet/render'
import { CodePointRanges } from '@templet/template'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness'

const lora = libraryFamily('lora')
if (!lora) throw new Error('Lora left the font library')
/** Lora Bold's TTF as the library installs it: the reference a library render must draw with. */
const LORA_BOLD = readFileSync(libraryFaceFile(lora, 700, false) ?? '')

describe('the font library', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startServer('sqlite')
  })
  afterAll(() => s.close())

  it('serves a face as WOFF2 converted from the TTF the server draws with, cached for good', async () => {
    const res = await fetch(`${s.url}/api/fonts/library/lora/700.woff2`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('font/woff2')
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const woff2 = Buffer.from(await res.arrayBuffer())
    expect(woff2.subarray(0, 4).toString('latin1')).toBe('wOF2')
    expect(woff2.byteLength).toBeLessThan(LORA_BOLD.byteLength / 2)
    expect({ ...inspectFont(woff2), format: 'ttf' }).toEqual(inspectFont(LORA_BOLD))
    // The italic is Lora's own, not a slanted upright.
    const italic = Buffer.from(
      await (await fetch(`${s.url}/api/fonts/library/lora/400i.woff2`)).arrayBuffer(),
    )
    expect(inspectFont(italic)).toMatchObject({ family: 'Lora', weight: 400, style: 'italic' })
  })

  it('converts in a process of its own that ends when idle, so its memory goes back to the system', async () => {
    const oswald = libraryFamily('oswald')
    if (!oswald) throw new Error('Oswald left the font library')
    // Not from the disk cache: this face is converted now.
    rmSync(path.join(os.tmpdir(), 'templet-library-woff2', `oswald@${oswald.version}`, '700.woff2'), {
      force: true,
    })
    const converters = () =>
      readdirSync('/proc').filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
          const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
          return parent === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('wawoff2')
        } catch {
          return false // not a process, or one gone meanwhile
        }
      })
    const res = await fetch(`${s.url}/api/fonts/library/oswald/700.woff2`)
    expect(res.status).toBe(200)
    expect(converters()).toHaveLength(1)
    const deadline = Date.now() + 10_000
    while (converters().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    expect(converters()).toHaveLength(0)
  })

  it("says what a library face can draw, for the editor's check of a value's characters", async () => {
    const res = await fetch(`${s.url}/api/fonts/${encodeURIComponent('Templet Library lora')}/coverage.json`)
    expect(res.status).toBe(200)
    const ranges = new CodePointRanges((await res.json()) as number[])
    // Latin's A and Cyrillic's Ж are in; Arabic's ب is not.
    const has = (c: string) => ranges.has(c.codePointAt(0) ?? 0)
    expect([has('A'), has('Ж'), has('ب')]).toEqual([true, true, false])
  })

  it('answers 404 with a reason for a family it lacks and a face the family lacks', async () => {
    const unknown = await fetch(`${s.url}/api/fonts/library/comic-sans/400.woff2`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: 'the font library has no such family' })
    for (const face of ['bebas-neue/700.woff2', 'bebas-neue/400i.woff2', 'lora/400.ttf', 'lora/300.woff2']) {
      const res = await fetch(`${s.url}/api/fonts/library/${face}`)
      expect(res.status, face).toBe(404)
      expect(((await res.json()) as { error: string }).error).toContain('has no such face')
    }
  })

  it('draws a text set in a library family with its files: as Lora Bold uploaded as a brand font, unlike sans', async () => {
    const { token } = await s.signUp()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(LORA_BOLD)]), 'lora.ttf')
    const brand = await s.call<BrandFont>('POST', '/font/upload', { token, form })
    expect(brand.code).toBe(0)
    const bq = loadCatalogue().templates.find((t) => t.id === 'bold-quote')
    if (!bq) throw new Error('bold-quote left the catalogue')
    const save = async (font: string) => {
      const layers = bq.layers.map((l) =>
        l.type === 'text' ? { ...l, font, weight: 700, italic: false } : l,
      )
      const r = await s.call('POST', '/template/save', {
        token,
        body: { name: font, document: { ...bq, layers } },
      })
      expect(r.code, JSON.stringify(r)).toBe(0)
      return r.data.id as number
    }
    const png = async (templateId: number) => {
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
    const [library, reference, sans] = await Promise.all(
      [await save('lib-lora'), await save(brand.data.familyKey), await save('sans')].map(png),
    )
    if (!library || !reference || !sans) throw new Error('a picture is missing')
    const distance = (x: Buffer, y: Buffer) => x.reduce((sum, v, i) => sum + Math.abs(v - (y[i] ?? 0)), 0)
    expect(distance(library, sans)).toBeGreaterThan(0)
    expect(distance(library, reference)).toBeLessThan(distance(library, sans) / 20)
  })
})
