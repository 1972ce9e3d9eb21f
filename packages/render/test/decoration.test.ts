import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inflateSync } from 'node:zlib'
import { PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib'
import { afterAll, describe, expect, it } from 'vitest'
import { render, renderPdf } from '../src/index'
import { BOX, inkBox, type Picture, pixels, SIZE, textProbe } from './text-probe'

const png = async (layer: Record<string, unknown>, text: string) =>
  pixels((await render(textProbe(layer), { text }, { formats: ['png'] })).png as Buffer)

/** Rows in which ink runs unbroken across `[left, right]` (a drawn line, not letters). */
function ruledRows(g: Picture, left: number, right: number): number[] {
  const rows: number[] = []
  for (let y = 0; y < g.height; y++) {
    let unbroken = true
    for (let x = left; x <= right && unbroken; x++) unbroken = (g.data[y * g.width + x] ?? 255) < 128
    if (unbroken) rows.push(y)
  }
  return rows
}

/** The page's content stream as Skia wrote it, its text objects left out. */
async function pageContent(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf)
  const page = doc.getPages()[0]
  const stream = page && doc.context.lookup(page.node.get(PDFName.of('Contents')))
  return inflateSync((stream as PDFRawStream).getContents())
    .toString('latin1')
    .replace(/BT[\s\S]*?ET/g, '')
}

/** The rectangles a content stream fills (`x y w h re f`), in points. */
const filledRects = (content: string) =>
  [...content.matchAll(/([\d.-]+) ([\d.-]+) ([\d.-]+) ([\d.-]+) re\s+f/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    w: Number(m[3]),
    h: Number(m[4]),
  }))

describe('underline and strikethrough, rendered', () => {
  const cases = [
    { lang: 'English', layer: {}, text: 'Underline me' },
    { lang: 'Chinese', layer: {}, text: '中文下划线' },
    { lang: 'Arabic', layer: { direction: 'rtl', align: 'start' }, text: 'مرحبا بالعالم' },
  ]
  for (const { lang, layer, text } of cases) {
    it(`${lang}: an underline is a row of ink under the whole text, below its letters' baseline`, async () => {
      const plain = await png(layer, text)
      const lined = await png({ ...layer, underline: true }, text)
      const ink = inkBox(plain)
      if (!ink) throw new Error('no ink')
      // Inset by two pixels: the line's ends are antialiased.
      expect(ruledRows(plain, ink.minX + 2, ink.maxX - 2)).toEqual([])
      const rows = ruledRows(lined, ink.minX + 2, ink.maxX - 2)
      expect(rows.length).toBeGreaterThan(0)
      // Under the text's middle (a Chinese line's characters sit on the baseline too; the underline is lower).
      expect(Math.min(...rows)).toBeGreaterThan((ink.minY + ink.maxY) / 2)
      // Nothing else moved: above the line, the pixels are the plain text's.
      const above = Math.min(...rows) - 3
      expect(
        lined.data.subarray(0, above * lined.width).equals(plain.data.subarray(0, above * plain.width)),
      ).toBe(true)
    })
  }

  it('a strikethrough runs through the letters, above the underline', async () => {
    const text = 'Struck out'
    const plain = await png({}, text)
    const ink = inkBox(plain)
    if (!ink) throw new Error('no ink')
    const struck = ruledRows(await png({ strikethrough: true }, text), ink.minX + 2, ink.maxX - 2)
    const under = ruledRows(await png({ underline: true }, text), ink.minX + 2, ink.maxX - 2)
    expect(struck.length).toBeGreaterThan(0)
    expect(Math.max(...struck)).toBeLessThan(Math.min(...under))
    expect(Math.min(...struck)).toBeGreaterThan(ink.minY)
    // Inter's strike is 0.068 em thick, its middle near 0.294 em above the baseline: 3 to 4 rows at 48 px.
    expect(struck.length).toBeLessThanOrEqual(Math.ceil(0.068 * SIZE) + 1)
  })

  it('a justified right-to-left paragraph is underlined across the box, its last line across its own width', async () => {
    const text = 'مرحبا بالعالم هذا نص عربي طويل يلتف على سطرين ويكون مضبوطا في الصندوق'
    const g = await png({ direction: 'rtl', align: 'start', justify: true, underline: true, size: 36 }, text)
    // The first line spans the box: its underline runs from the box's left edge to its right.
    expect(ruledRows(g, BOX.x + 2, BOX.x + BOX.w - 2).length).toBeGreaterThan(0)
  })

  it('the PDF draws each line as a filled vector rectangle under the text, none without', async () => {
    const plain = filledRects(await pageContent(await renderPdf(textProbe({}), [{ text: 'Hello' }])))
    const both = filledRects(
      await pageContent(
        await renderPdf(textProbe({ underline: true, strikethrough: true }), [{ text: 'Hello' }]),
      ),
    )
    expect(both.length - plain.length).toBe(2)
    const lines = both.slice(plain.length)
    for (const r of lines) {
      // In px (the page is drawn at 0.75 pt a px): from the box's left edge, as wide as "Hello".
      expect(r.x).toBeCloseTo(BOX.x, 3)
      expect(r.w).toBeGreaterThan(SIZE * 2)
      expect(r.h).toBeGreaterThan(1)
    }
  })
})

describe('smart punctuation, rendered', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'templet-smart-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  /** The probe's PDF text as a reader copies it (poppler's pdftotext). */
  const copied = async (layer: Record<string, unknown>, text: string) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
    writeFileSync(file, await renderPdf(textProbe(layer), [{ text }]))
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).trim()
  }

  it('draws and copies out the typographic marks; off, the typed ones', async () => {
    const text = `"It's" -- 5'10"...`
    expect(await copied({ smartPunctuation: true }, text)).toBe('“It’s” – 5′10″…')
    expect(await copied({}, text)).toBe(text)
    expect(await copied({ smartPunctuation: true, lang: 'de' }, '"Hallo"')).toBe('„Hallo“')
  })

  it('changes the pixels only where a mark changes', async () => {
    const plain = await png({}, 'plain words')
    expect((await png({ smartPunctuation: true }, 'plain words')).data.equals(plain.data)).toBe(true)
    expect(
      (await png({ smartPunctuation: true }, '"quoted"')).data.equals((await png({}, '"quoted"')).data),
    ).toBe(false)
  })
})
