/**
 * `pnpm --filter @templet/render bench:pdf`: PDF output measured. In one run: (1) what a reader extracts
 * (poppler's pdftotext) from the award certificate with Chinese and Arabic, written by Templet, by Skia's PDF
 * backend alone and by pdfkit driven by the same layout; (2) ms per one-page A4 certificate for the same
 * three and for pdfme's generator on an equivalent template, in turns; (3) a 100-page PDF (100 names) from
 * Templet and from pdfme, and 100 pages of a poster with a photo: time and size. Env: BENCH_PDF_N (pages
 * timed per line, default 40).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PDFDocument, type SKRSContext2D } from '@napi-rs/canvas'
import { generate } from '@pdfme/generator'
import { ellipse, line, rectangle, text } from '@pdfme/schemas'
import { loadCatalogue, sampleImages } from '@templet/catalogue'
import { effectiveValues, type Template, type Values } from '@templet/template'
import { facesOf } from '../src/fonts'
import { registerFonts, renderPdf } from '../src/index'
import { pageGeometry } from '../src/pdf/page'
import { drawTemplate } from '../src/render'
import { PdfkitCanvas } from './pdfkit-canvas'

const N = Number(process.env.BENCH_PDF_N ?? 40)
const WARM = 5
const tmp = mkdtempSync(path.join(os.tmpdir(), 'templet-bench-pdf-'))
const { templates } = loadCatalogue()
const byId = (id: string) => templates.find((t) => t.id === id) as Template
const award = byId('award-certificate')
const poster = byId('exhibition-poster')
registerFonts()

type Stats = { p50: number; p99: number }
const stats = (xs: number[]): Stats => {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN
  return { p50: at(0.5), p99: at(0.99) }
}
const fmt = (s: Stats) => `${s.p50.toFixed(1).padStart(7)} / ${s.p99.toFixed(1).padStart(7)}`
const kb = (b: Buffer | Uint8Array) => `${(b.length / 1024).toFixed(1)} kB`

/** Skia's PDF backend alone: the template drawn on its page, nothing done to the document afterwards. */
function skiaAlone(t: Template, rows: Values[]): Buffer {
  const size = t.sizes[0] as Template['sizes'][number]
  const doc = new PDFDocument({ title: t.name.en })
  for (const values of rows) {
    const g = pageGeometry(size, {})
    const ctx = doc.beginPage(g.page.width, g.page.height) as unknown as SKRSContext2D
    ctx.scale(g.scale.x, g.scale.y)
    drawTemplate(ctx, t, size, 'en', effectiveValues(t, values, 'en'), new Map())
    doc.endPage()
  }
  return doc.close()
}

/** pdfkit, drawn through the same layout code (text measured by Skia, shaped by fontkit). */
async function pdfkit(t: Template, rows: Values[]): Promise<Buffer> {
  const size = t.sizes[0] as Template['sizes'][number]
  const g = pageGeometry(size, {})
  const surface = new PdfkitCanvas(g.trimBox.width, g.trimBox.height, { Title: t.name.en })
  rows.forEach((values, i) => {
    if (i > 0) surface.addPage(g.trimBox.width, g.trimBox.height)
    surface.save()
    surface.scale(g.scale.x, g.scale.y)
    drawTemplate(surface, t, size, 'en', effectiveValues(t, values, 'en'), new Map())
    surface.restore()
  })
  return surface.end()
}

// pdfme's generator on the award certificate's A4 layout, in its own terms (mm, pt; no gradients).
const MM = 210 / 1240
const PT = (72 / 25.4) * MM
const font = (family: string, weight: number) =>
  readFileSync((facesOf(family).find((f) => f.weight === weight) as { file: string }).file)
const pdfmeFonts = {
  Inter600: { data: font('Templet Inter', 600), fallback: true, subset: true },
  Inter700: { data: font('Templet Inter', 700), subset: true },
  Playfair400: { data: font('Templet Playfair Display', 400), subset: true },
  Playfair600: { data: font('Templet Playfair Display', 600), subset: true },
  Playfair700: { data: font('Templet Playfair Display', 700), subset: true },
}
const box = (x: number, y: number, w: number, h: number) => ({
  position: { x: x * MM, y: y * MM },
  width: w * MM,
  height: h * MM,
})
const shape = (name: string, type: string, b: ReturnType<typeof box>, props: object) => ({
  name,
  type,
  ...b,
  readOnly: true,
  content: '',
  borderWidth: 0,
  borderColor: '#000000',
  ...props,
})
const textField = (
  name: string,
  b: ReturnType<typeof box>,
  fontName: string,
  px: number,
  props: object = {},
) => ({
  name,
  type: 'text',
  ...b,
  fontName,
  fontSize: px * PT,
  alignment: 'center',
  verticalAlignment: 'middle',
  ...props,
})
const pdfmeTemplate = {
  basePdf: { width: 210, height: 297, padding: [0, 0, 0, 0] },
  schemas: [
    [
      shape('paper', 'rectangle', box(0, 0, 1240, 1754), { color: '#f8f6f1' }),
      shape('crown', 'rectangle', box(0, 0, 1240, 760), { color: '#141b33' }),
      shape('halo', 'ellipse', box(320, 100, 600, 600), { color: '#e9c46a', opacity: 0.3 }),
      shape('medal', 'ellipse', box(470, 250, 300, 300), { color: '#d9b05a' }),
      shape('ring', 'ellipse', box(494, 274, 252, 252), {
        color: '',
        borderWidth: 4 * PT,
        borderColor: '#ffffff',
      }),
      textField('year', box(500, 280, 240, 240), 'Playfair700', 72, { fontColor: '#5c3d05' }),
      textField('award', box(120, 600, 1000, 100), 'Inter700', 34, {
        fontColor: '#e9c46a',
        characterSpacing: 34 * PT * 0.18,
      }),
      textField('recipient', box(100, 860, 1040, 280), 'Playfair600', 120, {
        fontColor: '#14182b',
        lineHeight: 1.05,
        dynamicFontSize: { min: 56 * PT, max: 120 * PT, fit: 'vertical' },
      }),
      shape('rule', 'line', box(520, 1180, 200, 2), { color: '#c9b27c' }),
      textField('citation', box(170, 1220, 900, 240), 'Playfair400', 40, {
        fontColor: '#3d4257',
        lineHeight: 1.45,
        verticalAlignment: 'top',
        dynamicFontSize: { min: 26 * PT, max: 40 * PT, fit: 'vertical' },
      }),
      textField('presenter', box(170, 1600, 900, 40), 'Inter600', 28, {
        fontColor: '#14182b',
        characterSpacing: 28 * PT * 0.14,
      }),
    ],
  ],
}
const pdfmeInput = (v: Values) => ({
  year: v.year ?? '',
  award: (v.award ?? '').toUpperCase(),
  recipient: v.recipient ?? '',
  citation: v.citation ?? '',
  presenter: (v.presenter ?? '').toUpperCase(),
})
const pdfme = async (rows: Values[]) =>
  Buffer.from(
    await generate({
      template: pdfmeTemplate as never,
      inputs: rows.map(pdfmeInput),
      options: { font: pdfmeFonts },
      plugins: { text, rectangle, ellipse, line } as never,
    }),
  )

async function time(fn: () => Promise<unknown> | unknown) {
  const t = performance.now()
  await fn()
  return performance.now() - t
}

// ---- (1) what a reader extracts ----
// ب, ت, ث, ن and ي in the middle of a word share one dotless glyph in Noto Sans Arabic (the dots are marks).
const ARABIC = 'تثبيت نبيل'
const written: Values = {
  ...award.samples.en,
  recipient: ARABIC,
  citation: 'For 王小明 and the whole team',
}
const extracted = (pdf: Buffer) => {
  const file = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, pdf)
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .replace(/[\u200e\u200f\u202a-\u202e]/g, '')
    .split('\n')
    .map((l) => l.trim())
}
console.log(
  `What pdftotext extracts (recipient | citation), expected "${ARABIC}" | "For 王小明 and the whole team":`,
)
for (const [name, pdf] of [
  ['Templet (Skia + ActualText)', await renderPdf(award, [written])],
  ['Skia PDF backend alone', skiaAlone(award, [written])],
  ['pdfkit 0.20.2, same layout', await pdfkit(award, [written])],
] as const) {
  const lines = extracted(pdf)
  const ok = lines.includes(ARABIC) && lines.includes('For 王小明 and the whole team')
  const arabic = lines.find((l) => /\p{Script=Arabic}/u.test(l)) ?? '(none)'
  const chinese = lines.find((l) => /For /.test(l)) ?? '(none)'
  console.log(
    `  ${name.padEnd(30)} ${ok ? 'right' : 'WRONG'}  ${JSON.stringify(arabic)} | ${JSON.stringify(chinese)}`,
  )
}

// ---- (2) one A4 page, in turns ----
const one = [award.samples.en]
const lines: Record<string, number[]> = { templet: [], skia: [], pdfkit: [], pdfme: [] }
const run = {
  templet: () => renderPdf(award, one),
  skia: () => skiaAlone(award, one),
  pdfkit: () => pdfkit(award, one),
  pdfme: () => pdfme(one),
}
for (let i = 0; i < WARM; i++) for (const fn of Object.values(run)) await fn()
for (let i = 0; i < N; i++)
  for (const [k, fn] of Object.entries(run)) (lines[k] as number[]).push(await time(fn))
const sizes = Object.fromEntries(
  await Promise.all(Object.entries(run).map(async ([k, fn]) => [k, kb(await fn())])),
)
const s = Object.fromEntries(Object.entries(lines).map(([k, xs]) => [k, stats(xs)])) as Record<string, Stats>
console.log(`\nOne A4 award certificate, ${N} each in turns after ${WARM} warm (p50 / p99 ms, size):`)
console.log(`  Templet renderPdf (Skia + finishing)   ${fmt(s.templet as Stats)}  ${sizes.templet}`)
console.log(`  Skia PDF backend alone                 ${fmt(s.skia as Stats)}  ${sizes.skia}`)
console.log(`  pdfkit 0.20.2, same layout             ${fmt(s.pdfkit as Stats)}  ${sizes.pdfkit}`)
console.log(`  pdfme 6.1.13 generate, equivalent      ${fmt(s.pdfme as Stats)}  ${sizes.pdfme}`)
console.log(
  `  ratio pdfme / Templet: ${((s.pdfme as Stats).p50 / (s.templet as Stats).p50).toFixed(2)}×, pdfkit / Templet: ${((s.pdfkit as Stats).p50 / (s.templet as Stats).p50).toFixed(2)}×`,
)

// ---- (3) 100 pages ----
const names = Array.from({ length: 100 }, (_, i) => ({
  ...award.samples.en,
  recipient: `Graduate number ${i + 1}`,
}))
let big: Buffer = Buffer.alloc(0)
const tBig = await time(async () => {
  big = await renderPdf(award, names)
})
let bigPdfme: Buffer = Buffer.alloc(0)
const tBigPdfme = await time(async () => {
  bigPdfme = await pdfme(names)
})
const posters = Array.from({ length: 100 }, (_, i) => ({ ...poster.samples.en, artist: `Artist ${i + 1}` }))
let photos: Buffer = Buffer.alloc(0)
const tPhotos = await time(async () => {
  photos = await renderPdf(poster, posters, { images: sampleImages })
})
console.log('\n100 pages:')
console.log(`  Templet, award certificate, 100 names  ${tBig.toFixed(0).padStart(6)} ms  ${kb(big)}`)
console.log(
  `  pdfme, the equivalent, 100 inputs      ${tBigPdfme.toFixed(0).padStart(6)} ms  ${kb(bigPdfme)}`,
)
console.log(`  Templet, A3 poster with a photo        ${tPhotos.toFixed(0).padStart(6)} ms  ${kb(photos)}`)
console.log(
  `\n${os.cpus().length} CPUs (${os.cpus()[0]?.model}), Node ${process.version}, load ${os.loadavg()[0]?.toFixed(1)}`,
)
