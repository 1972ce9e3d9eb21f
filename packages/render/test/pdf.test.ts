import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type SKRSContext2D, PDFDocument as SkiaPdf } from '@napi-rs/canvas'
import { loadCatalogue, sampleImages } from '@templet/catalogue'
import { PDFDocument, PDFName, PDFString } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { render, renderPdf } from '../src/index'
import { finishPdf, parseToUnicode, withCanonicalUnicode } from '../src/pdf/document'
import { markTexts } from '../src/pdf/text'
import { pdfBesidePng } from './pdf-pictures'

// Poppler's tools read the PDFs as a reader would (Debian's poppler-utils, installed by scripts/ensure-tools.sh).
const dir = mkdtempSync(path.join(tmpdir(), 'templet-pdf-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
const save = (pdf: Buffer) => {
  const file = path.join(dir, `${++files}.pdf`)
  writeFileSync(file, pdf)
  return file
}
const poppler = (tool: string, ...args: string[]) => execFileSync(tool, args, { encoding: 'utf8' })
// pdftotext wraps right-to-left lines in bidi embedding marks; the text itself is what a search finds.
const text = (file: string) =>
  poppler('pdftotext', '-enc', 'UTF-8', file, '-').replace(/[\u200e\u200f\u202a-\u202e]/g, '')
const info = (file: string) => poppler('pdfinfo', '-box', file)
const box = (out: string, name: string) => {
  const m = new RegExp(`${name}:\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)`).exec(out)
  if (!m) throw new Error(`no ${name} in\n${out}`)
  const [x0, y0, x1, y1] = m.slice(1).map(Number) as [number, number, number, number]
  return { width: x1 - x0, height: y1 - y0 }
}

const template = (id: string) => {
  const t = loadCatalogue().templates.find((x) => x.id === id)
  if (!t) throw new Error(`no template ${id}`)
  return t
}
const award = template('award-certificate')
const MM = 72 / 25.4

describe('PDF', () => {
  it('is an A4 page in points with the metadata, the language and every customer text as text', async () => {
    const values = {
      ...award.samples.en,
      recipient: 'مريم عبد الله',
      citation: 'For 王小明 and the whole team',
      presenter: 'Lumen Engineering',
    }
    const pdf = await renderPdf(award, [values], {
      images: sampleImages,
      title: 'Award for Maryam',
      author: 'Ana Lima',
      locale: 'en',
    })
    const file = save(pdf)
    const out = info(file)
    expect(out).toMatch(/Pages:\s+1\n/)
    expect(out).toMatch(/Page size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/)
    expect(out).toMatch(/Title:\s+Award for Maryam/)
    expect(out).toMatch(/Author:\s+Ana Lima/)
    const doc = await PDFDocument.load(pdf)
    expect(doc.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('en')
    const lines = text(file)
      .split('\n')
      .map((l) => l.trim())
    // In logical order: the Arabic as typed (not presentation forms, no letter lost), 小 not the radical ⼩.
    expect(lines).toContain('مريم عبد الله')
    expect(lines).toContain('For 王小明 and the whole team')
    expect(lines).toContain('MENTOR OF THE YEAR')
    expect(lines).toContain('LUMEN ENGINEERING')
  })

  it('Arabic letters drawn with one shared dotless glyph, Hebrew and mixed lines come out as typed', async () => {
    // Noto Sans Arabic draws ب ت ث ن ي mid-word as one dotless glyph plus dot marks: no glyph-to-text map can
    // tell them apart, so a reader that trusts ToUnicode alone reads تيبيت for تثبيت.
    const values = {
      ...award.samples.en,
      recipient: 'تثبيت نبيل',
      citation: 'שלום עולם',
      presenter: 'Studio 42 مرحبا',
    }
    const lines = text(save(await renderPdf(award, [values])))
      .split('\n')
      .map((l) => l.trim())
    expect(lines).toContain('تثبيت نبيل')
    expect(lines).toContain('שלום עולם')
    // A line of both directions: each run whole (not letter-spaced Latin broken into letters); the order of
    // the two runs is the reader's guess of the line's direction.
    expect(lines.some((l) => l.includes('مرحبا') && l.includes('STUDIO 42'))).toBe(true)
  })

  it('takes colour emoji, a lone one and a joined sequence, and they copy out as typed', async () => {
    const values = { ...award.samples.en, recipient: 'Ada 👩🏾‍💻', citation: 'Launch 🚀 day' }
    const lines = text(save(await renderPdf(award, [values])))
      .split('\n')
      .map((l) => l.trim())
    expect(lines.some((l) => l.includes('Ada'))).toBe(true)
    expect(lines.some((l) => l.includes('Launch') && l.includes('day'))).toBe(true)
  })

  it("reads a ToUnicode map's text only from its bfchar and bfrange sections, not from its code-space range", () => {
    const cmap = [
      '1 begincodespacerange',
      '<00> <FF>',
      'endcodespacerange',
      '2 beginbfchar',
      '<0003> <0041>',
      '<0004> <FB01>',
      'endbfchar',
      '1 beginbfrange',
      '<0010> <0011> <0061>',
      'endbfrange',
    ].join('\n')
    const canonical = withCanonicalUnicode(cmap)
    expect(canonical).toContain('<00> <FF>')
    expect(canonical).toContain('<0004> <00660069>')
    expect([...parseToUnicode(canonical)]).toEqual([
      [3, 'A'],
      [4, 'fi'],
      [16, 'a'],
      [17, 'b'],
    ])
  })

  it('embeds every font as a subset with a ToUnicode map, and draws no text as pictures', async () => {
    const file = save(await renderPdf(award, [award.samples['zh-CN']], { locale: 'zh-CN' }))
    const rows = poppler('pdffonts', file).trim().split('\n').slice(2)
    expect(rows.length).toBeGreaterThanOrEqual(3)
    for (const row of rows) {
      expect(row).toMatch(/^[A-Z]{6}\+\S+\s+CID TrueType\s+Identity-H\s+yes yes yes/)
    }
    expect(text(file)).toContain('年度最佳导师')
    expect(poppler('pdfimages', '-list', file).trim().split('\n')).toHaveLength(2) // the header only
  })

  it('a photo is embedded once for all pages, as JPEG, at 300 dpi of the sheet and never above its own pixels', async () => {
    const t = template('exhibition-poster')
    // A 24-megapixel photo, far more than an A3 poster's box needs at 300 dpi.
    const big = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#7a9' } })
      .jpeg()
      .toBuffer()
    const images = (ref: string) => (ref === 'big' ? Promise.resolve(big) : sampleImages(ref))
    const rows = [{ ...t.samples.en, photo: 'big' }, { ...t.samples.en, photo: 'big' }, t.samples.en]
    const file = save(await renderPdf(t, rows, { images }))
    const list = poppler('pdfimages', '-list', file).trim().split('\n').slice(2)
    const rowsOf = list.map((row) => row.trim().split(/\s+/))
    // Three pages, two images: the big photo once for both its pages, the sample once.
    expect(rowsOf).toHaveLength(3)
    expect(new Set(rowsOf.map((c) => c[10])).size).toBe(2)
    for (const c of rowsOf) expect(c[8]).toBe('jpeg')
    const [bigOnPage1, , sample] = rowsOf as [string[], string[], string[]]
    expect(Number(bigOnPage1[12])).toBeGreaterThanOrEqual(299)
    expect(Number(bigOnPage1[12])).toBeLessThan(302)
    const source = await sharp(await sampleImages(t.samples.en.photo as string)).metadata()
    expect([Number(sample[3]), Number(sample[4])]).toEqual([source.width, source.height])
  })

  it('a page per row: 30 rows make 30 pages, each with its own name', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({
      ...award.samples.en,
      recipient: `Student ${i + 1}`,
    }))
    const file = save(await renderPdf(award, rows))
    expect(info(file)).toMatch(/Pages:\s+30\n/)
    const page30 = poppler('pdftotext', '-f', '30', '-l', '30', file, '-')
    expect(page30).toContain('Student 30')
    expect(page30).not.toContain('Student 29')
  })

  it("a creation's several sizes: a page each, each its own sheet", async () => {
    const file = save(
      await renderPdf(award, [award.samples.en], { sizeIds: ['a4-portrait', 'letter-portrait'] }),
    )
    const pages = poppler('pdfinfo', '-f', '1', '-l', '2', file)
    expect(pages).toMatch(/Page\s+1 size:\s+595\.2\d* x 841\.8\d* pts \(A4\)/)
    expect(pages).toMatch(/Page\s+2 size:\s+612 x 792 pts \(letter\)/)
  })

  it('a screen size becomes a page at 96 px to the inch', async () => {
    const file = save(await renderPdf(award, [award.samples.en], { sizeId: 'square' }))
    expect(info(file)).toMatch(/Page size:\s+810 x 810 pts/)
  })

  it('bleed enlarges the media box by 3 mm on each side around an unchanged trim box', async () => {
    const file = save(await renderPdf(award, [award.samples.en], { bleed: true }))
    const out = info(file)
    const trim = box(out, 'TrimBox')
    const media = box(out, 'MediaBox')
    expect(trim.width).toBeCloseTo(595.28, 1)
    expect(trim.height).toBeCloseTo(841.89, 1)
    expect(media.width - trim.width).toBeCloseTo(6 * MM, 1)
    expect(media.height - trim.height).toBeCloseTo(6 * MM, 1)
    expect(box(out, 'BleedBox')).toEqual(media)
  })

  it('crop marks sit outside the bleed, on a page grown to hold them', async () => {
    const file = save(await renderPdf(award, [award.samples.en], { bleed: true, cropMarks: true }))
    const out = info(file)
    const trim = box(out, 'TrimBox')
    expect(box(out, 'BleedBox').width - trim.width).toBeCloseTo(6 * MM, 1)
    expect(box(out, 'MediaBox').width - trim.width).toBeCloseTo(16 * MM, 1)
    // The corner beyond the bleed is white but for the marks: a mark crosses it, the rest is paper.
    const png = path.join(dir, 'marks')
    poppler('pdftoppm', '-r', '72', '-png', '-singlefile', file, png)
    const { data, info: px } = await sharp(`${png}.png`)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    const dark = (x: number, y: number) => (data[(Math.round(y) * px.width + Math.round(x)) * 3] ?? 255) < 128
    const margin = 8 * MM
    // The top-left mark: horizontal along the trim's top edge, from 8 mm to 3 mm left of the sheet.
    expect(dark(margin - 6 * MM, margin)).toBe(true)
    expect(dark(margin - 6 * MM, margin - 2 * MM)).toBe(false)
  })

  it("a page whose markers do not pair with its texts keeps Skia's text and still parses", async () => {
    const doc = new SkiaPdf()
    const ctx = doc.beginPage(200, 100) as unknown as SKRSContext2D
    const drawn = markTexts(ctx, { x: 100, y: 50 })
    ctx.font = "20px 'Templet Inter'"
    ctx.fillText('Kept as drawn', 10, 40)
    doc.endPage()
    const box = { x: 0, y: 0, width: 200, height: 100 }
    const pdf = await finishPdf(
      doc.close(),
      [{ mediaBox: box, bleedBox: box, trimBox: box, drawn: [...drawn, { text: 'never drawn', font: '' }] }],
      'en',
    )
    const file = save(pdf)
    expect(info(file)).toMatch(/Pages:\s+1\n/)
    expect(text(file)).toContain('Kept as drawn')
  })

  it('refuses no rows, and more pages than it holds', async () => {
    await expect(renderPdf(award, [])).rejects.toMatchObject({ code: 'NO_PAGES' })
    const rows = Array.from({ length: 501 }, () => award.samples.en)
    await expect(renderPdf(award, rows, { sizeIds: ['a4-portrait', 'square'] })).rejects.toMatchObject({
      code: 'TOO_MANY_PAGES',
    })
  })
})

describe('the PDF page and the PNG are one picture', () => {
  // Measured: every print size of the catalogue differs by a mean of 1.4-2.6 with 0.6-1.4 % of values off
  // by more than 64 (poppler anti-aliases text lighter); a layer moved or scaled wrong is far beyond that.
  it.each([
    ['award-certificate', 'a4-portrait', 'en'],
    ['classic-certificate', 'a4-landscape', 'zh-CN'],
    ['exhibition-poster', 'a-series', 'en'],
    ['wedding-invitation', 'card', 'zh-CN'],
  ] as const)("%s (%s, %s): poppler's rendering of the page matches the PNG", async (id, sizeId, locale) => {
    const { difference } = await pdfBesidePng(template(id), sizeId, locale)
    expect(difference.mean).toBeLessThan(4)
    expect(difference.off).toBeLessThan(0.025)
  })

  it('a layout moved by 2 % of the page is told apart', async () => {
    const t = template('award-certificate')
    const moved = {
      ...t,
      layers: t.layers.map((l) =>
        l.type === 'text' && l.box ? { ...l, box: { ...l.box, y: l.box.y + 35 } } : l,
      ),
    }
    const { png } = await pdfBesidePng(t, 'a4-portrait', 'en')
    const shifted = await pdfBesidePng(moved, 'a4-portrait', 'en')
    const [a, b] = (await Promise.all(
      [png, shifted.page].map((img) => sharp(img).removeAlpha().raw().toBuffer()),
    )) as [Buffer, Buffer]
    let off = 0
    for (let i = 0; i < a.length; i++) if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 64) off++
    expect(off / a.length).toBeGreaterThan(0.025)
  })
})

describe('print sizes in raster', () => {
  it('an A4 PNG is 2480 × 3508 at 300 dpi, and so is its JPEG', async () => {
    const out = await render(award, award.samples.en, { sizeId: 'a4-portrait' })
    expect([out.width, out.height, out.dpi]).toEqual([2480, 3508, 300])
    const [png, jpeg] = await Promise.all([sharp(out.png).metadata(), sharp(out.jpeg).metadata()])
    expect([png.width, png.height, png.density]).toEqual([2480, 3508, 300])
    expect([jpeg.width, jpeg.height, jpeg.density]).toEqual([2480, 3508, 300])
  })

  it('a screen size keeps its pixels and claims no print density', async () => {
    const out = await render(award, award.samples.en, { sizeId: 'square' })
    expect([out.width, out.height, out.dpi]).toEqual([1080, 1080, undefined])
    expect((await sharp(out.png).metadata()).density).not.toBe(300)
  })
})
