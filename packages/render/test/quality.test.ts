import { createCanvas, ImageData } from '@napi-rs/canvas'
import { loadCatalogue, sampleImages } from '@templet/catalogue'
import sharp, { type OutputInfo } from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { type RenderedEveryFormat, render } from '../src/index'
import { drawPixels, type Pixels, thumbnailPixels } from '../src/render'

/** A canvas holding drawn pixels again, for the thumbnail's scaling. */
function canvasOf(p: Pixels) {
  const canvas = createCanvas(p.width, p.height)
  const data = new ImageData(new Uint8ClampedArray(p.pixels), p.width, p.height)
  canvas.getContext('2d').putImageData(data, 0, 0)
  return canvas
}

/** The luminance quantisation table (DQT id 0) of a baseline JPEG, in zig-zag order. */
function lumaTable(jpeg: Buffer): number[] {
  let i = 2
  while (i < jpeg.length) {
    const marker = jpeg.readUInt16BE(i)
    const len = jpeg.readUInt16BE(i + 2)
    if (marker === 0xffdb) {
      let p = i + 4
      while (p < i + 2 + len) {
        const pq = (jpeg[p] ?? 0) >> 4
        const id = (jpeg[p] ?? 0) & 0xf
        const size = pq ? 128 : 64
        if (id === 0) return [...jpeg.subarray(p + 1, p + 1 + size)]
        p += 1 + size
      }
    }
    i += 2 + len
  }
  throw new Error('no DQT')
}

// The IJG standard luminance table (Annex K), zig-zag order; libjpeg scales it by 200 - 2q for q >= 50.
const ANNEX_K = [
  16, 11, 12, 14, 12, 10, 16, 14, 13, 14, 18, 17, 16, 19, 24, 40, 26, 24, 22, 22, 24, 49, 35, 37, 29, 40, 58,
  51, 61, 60, 57, 51, 56, 55, 64, 72, 92, 78, 64, 68, 87, 69, 55, 56, 80, 109, 81, 87, 95, 98, 103, 104, 103,
  62, 77, 113, 121, 112, 100, 120, 92, 101, 103, 99,
]
const tableAt = (q: number) => {
  const scale = q < 50 ? 5000 / q : 200 - 2 * q
  return ANNEX_K.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))))
}

describe('lossy outputs are at quality 75', () => {
  let out: RenderedEveryFormat
  let pixels: { data: Buffer; info: OutputInfo }
  beforeAll(async () => {
    const t = loadCatalogue().templates.find((x) => x.id === 'photo-feature')
    if (!t) throw new Error('no photo-feature')
    out = await render(t, t.samples.en, { images: sampleImages })
    // The PNG is lossless: the exact pixels the lossy files were encoded from.
    pixels = await sharp(out.png).raw().toBuffer({ resolveWithObject: true })
  })
  const fromPixels = () =>
    sharp(pixels.data, {
      raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels },
    })

  it('the JPEG carries the quantisation table of quality 75', () => {
    const table = lumaTable(out.jpeg)
    expect(table).toEqual(tableAt(75))
    expect(table).not.toEqual(tableAt(80))
  })

  it('the WebP is byte for byte what quality 75 makes from the same pixels, and not 70 or 80', async () => {
    // libwebp is deterministic; quality is not stored in the file, so the encode is repeated.
    const at = (quality: number) => fromPixels().webp({ quality, effort: 2 }).toBuffer()
    const [q70, q75, q80] = await Promise.all([at(70), at(75), at(80)])
    expect(out.webp.equals(q75)).toBe(true)
    expect(out.webp.equals(q70)).toBe(false)
    expect(out.webp.equals(q80)).toBe(false)
  })

  it('the thumbnail is a quality 75 WebP of longest side 480', async () => {
    const meta = await sharp(out.thumbnail).metadata()
    expect([meta.format, Math.max(meta.width ?? 0, meta.height ?? 0)]).toEqual(['webp', 480])
    // Drawn again the way render() makes it (Skia scales the canvas down), then encoded at 70/75/80.
    const t = loadCatalogue().templates.find((x) => x.id === 'photo-feature')
    if (!t) throw new Error('no photo-feature')
    const drawn = await drawPixels(t, t.samples.en, { images: sampleImages }, 1)
    const small = thumbnailPixels(canvasOf(drawn))
    expect([small.width, small.height]).toEqual([meta.width, meta.height])
    const at = (quality: number) =>
      sharp(small.pixels, { raw: { width: small.width, height: small.height, channels: 4 } })
        .removeAlpha()
        .webp({ quality, effort: 2 })
        .toBuffer()
    const [q70, q75, q80] = await Promise.all([at(70), at(75), at(80)])
    expect(out.thumbnail.equals(q75)).toBe(true)
    expect(out.thumbnail.equals(q70) || out.thumbnail.equals(q80)).toBe(false)
  })
})
