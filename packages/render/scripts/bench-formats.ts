/**
 * `pnpm --filter @templet/render bench:formats`: whether SVG and AVIF earn a place beside PNG, JPEG, WebP and
 * PDF. For the bench card (1080², a photo) and the award certificate at A4 300 dpi (2480 × 3508): AVIF's
 * encode time and size against WebP and JPEG at the product's quality 75; SVG from Skia's SVG backend with
 * text as paths (the only SVG that looks the same everywhere, since a viewer lacks our fonts), its draw
 * time, size, and how far resvg's rendering of it is from the PNG. Env: BENCH_FORMATS_N (default 10).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createCanvas, SvgExportFlag } from '@napi-rs/canvas'
import { Resvg } from '@resvg/resvg-js'
import { loadCatalogue, sampleImages } from '@templet/catalogue'
import { effectiveValues, parseTemplate, type Template } from '@templet/template'
import sharp from 'sharp'
import { imageForDrawing } from '../src/draw/images'
import { registerFonts, render } from '../src/index'
import { drawPixels, drawTemplate, loadImages, QUALITY } from '../src/render'

const N = Number(process.env.BENCH_FORMATS_N ?? 10)
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url))
const card = parseTemplate(JSON.parse(readFileSync(here('../bench/card.json'), 'utf8')))
const award = loadCatalogue().templates.find((t) => t.id === 'award-certificate') as Template
registerFonts()

const median = async (fn: () => Promise<unknown>) => {
  await fn()
  const xs: number[] = []
  for (let i = 0; i < N; i++) {
    const t = performance.now()
    await fn()
    xs.push(performance.now() - t)
  }
  return xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`

async function raster(name: string, t: Template, values: Record<string, string>, sizeId?: string) {
  const out = await render(t, values, { images: sampleImages, ...(sizeId && { sizeId }) })
  const p = await drawPixels(
    t,
    values,
    { images: sampleImages, ...(sizeId && { sizeId }) },
    out.width / (t.sizes.find((s) => s.id === (sizeId ?? t.sizes[0]?.id))?.width ?? 1),
  )
  const pixels = () =>
    sharp(p.pixels, { raw: { width: p.width, height: p.height, channels: 4 } }).removeAlpha()
  console.log(`\n${name}, ${p.width} × ${p.height} (median of ${N}, ms and size):`)
  for (const [label, encode] of [
    ['WebP q75 effort 2 (the product)', () => pixels().webp({ quality: QUALITY, effort: 2 }).toBuffer()],
    ['JPEG q75 (the product)', () => pixels().jpeg({ quality: QUALITY }).toBuffer()],
    ['AVIF q50 effort 4 (sharp default)', () => pixels().avif({ quality: 50, effort: 4 }).toBuffer()],
    ['AVIF q50 effort 0 (fastest)', () => pixels().avif({ quality: 50, effort: 0 }).toBuffer()],
  ] as const) {
    const bytes = await encode()
    console.log(
      `  ${label.padEnd(36)} ${(await median(encode)).toFixed(0).padStart(6)} ms  ${kb(bytes.length)}`,
    )
  }
  return p
}

async function svg(name: string, t: Template, values: Record<string, string>, pngPixels: Buffer) {
  const size = t.sizes[0] as Template['sizes'][number]
  const effective = effectiveValues(t, values, 'en')
  const draw = async () => {
    const images = await loadImages(t, size, 1, effective, (ref, scale) =>
      imageForDrawing(ref, sampleImages, scale),
    )
    const canvas = createCanvas(size.width, size.height, SvgExportFlag.ConvertTextToPaths)
    drawTemplate(canvas.getContext('2d'), t, size, 'en', effective, images)
    return canvas.getContent()
  }
  const doc = await draw()
  const rendered = new Resvg(doc, { fitTo: { mode: 'width', value: size.width } }).render()
  const a = pngPixels
  const b = await sharp(rendered.asPng()).ensureAlpha().raw().toBuffer()
  let sum = 0
  for (let i = 0; i < Math.min(a.length, b.length); i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0))
  console.log(
    `  SVG, text as paths (Skia)            ${(await median(draw)).toFixed(0).padStart(6)} ms  ${kb(doc.length)}, gzipped ${kb((await import('node:zlib')).gzipSync(doc).length)}; resvg's picture differs from the PNG by a mean of ${(sum / a.length).toFixed(2)}`,
  )
  void name
}

const cardPixels = await raster('Bench card', card, { photo: 'sample:dusk' })
await svg('Bench card', card, { photo: 'sample:dusk' }, cardPixels.pixels)
const awardScreen = await drawPixels(award, award.samples.en, {}, 1)
await raster('Award certificate at A4 300 dpi', award, award.samples.en, 'a4-portrait')
console.log('\nAward certificate at its layout pixels (1240 × 1754):')
await svg('Award', award, award.samples.en, awardScreen.pixels)
