import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createCanvas } from '@napi-rs/canvas'
import { type Canvas2D, DOCUMENT_FORMAT, layoutText, type TextStyle } from '@templet/template'
import { afterAll, describe, expect, it } from 'vitest'
import { loadFaces } from '../src/fonts'
import { render, renderPdf } from '../src/index'
import { inkBox, type Picture, BOX as PROBE_BOX, pixels, textProbe } from './text-probe'

const dir = mkdtempSync(path.join(tmpdir(), 'templet-typography-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const png = async (layer: Record<string, unknown>, text: string, box?: Parameters<typeof textProbe>[1]) =>
  pixels((await render(textProbe(layer, box), { text }, { formats: ['png'] })).png as Buffer)

/** The text of the probe's PDF as a reader copies it (poppler's pdftotext). */
async function copied(layer: Record<string, unknown>, text: string, box?: Parameters<typeof textProbe>[1]) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(file, await renderPdf(textProbe(layer, box), [{ text }]))
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
}

/** The left and right edge of the ink in each line of a picture (runs of rows with ink, gaps between). */
function lineEdges(g: Picture): Array<{ left: number; right: number }> {
  const lines: Array<{ left: number; right: number }> = []
  let open: { left: number; right: number } | undefined
  for (let y = 0; y < g.height; y++) {
    let left = g.width
    let right = -1
    for (let x = 0; x < g.width; x++)
      if ((g.data[y * g.width + x] ?? 255) < 128) {
        left = Math.min(left, x)
        right = Math.max(right, x)
      }
    if (right < 0) {
      if (open) lines.push(open)
      open = undefined
    } else if (open) {
      open.left = Math.min(open.left, left)
      open.right = Math.max(open.right, right)
    } else open = { left, right }
  }
  if (open) lines.push(open)
  return lines
}

const BOX = { x: 100, y: 20, w: 480, h: 370 }

describe('justified text, rendered', () => {
  const cases = [
    {
      lang: 'English',
      layer: { size: 28 },
      text: 'The quick brown fox jumps over the lazy dog while the band plays on the green, and nobody minds at all.',
    },
    {
      lang: 'Chinese',
      layer: { size: 28, lang: 'zh-CN' },
      text: '春眠不觉晓处处闻啼鸟夜来风雨声花落知多少床前明月光疑是地上霜举头望明月低头思故乡',
    },
    {
      lang: 'Arabic',
      layer: { size: 28, direction: 'rtl' },
      text: 'في صباح يوم جميل خرج الأطفال إلى الحديقة ليلعبوا معا تحت أشجار الزيتون القديمة حتى غروب الشمس',
    },
  ]

  it.each(cases)('spans the box on every line but the last ($lang)', async ({ layer, text }) => {
    const lines = lineEdges(await png({ ...layer, justify: true }, text, BOX))
    expect(lines.length).toBeGreaterThan(1)
    for (const { left, right } of lines.slice(0, -1)) {
      // Side bearings keep the ink a few px inside the box.
      expect(left).toBeLessThan(BOX.x + 6)
      expect(right).toBeGreaterThan(BOX.x + BOX.w - 8)
    }
    const last = lines[lines.length - 1] as { left: number; right: number }
    const rtl = 'direction' in layer
    if (rtl) expect(last.left).toBeGreaterThan(BOX.x + 10)
    else expect(last.right).toBeLessThan(BOX.x + BOX.w - 10)
  })

  it('draws exactly as before without it, and the same lines with it, only wider', async () => {
    const [{ text }] = cases as [(typeof cases)[0]]
    const plain = await png({ size: 28 }, text, BOX)
    const off = await png({ size: 28, justify: false }, text, BOX)
    expect(off.data.equals(plain.data)).toBe(true)
    const justified = await png({ size: 28, justify: true }, text, BOX)
    expect(justified.data.equals(plain.data)).toBe(false)
    expect(lineEdges(justified).length).toBe(lineEdges(plain).length)
  })

  it('works with letter spacing and hyphenation', async () => {
    const text =
      'Extraordinary circumstances necessitate unconventional, comprehensive countermeasures everywhere.'
    const lines = lineEdges(
      await png({ size: 40, justify: true, hyphenate: true, letterSpacing: 0.05 }, text, BOX),
    )
    expect(lines.length).toBeGreaterThan(2)
    for (const { right } of lines.slice(0, -1)) expect(right).toBeGreaterThan(BOX.x + BOX.w - 10)
  })

  it('copies out of a PDF as its words, one space between them', async () => {
    const text = cases[0]?.text as string
    const out = await copied({ size: 28, justify: true }, text, BOX)
    expect(out.join(' ')).toBe(text)
    const arabic = cases[2]?.text as string
    const copiedArabic = await copied({ size: 28, justify: true, direction: 'rtl' }, arabic, BOX)
    expect(copiedArabic.join(' ').replace(/[\u202a-\u202e]/g, '')).toBe(arabic)
  })
})

describe('tabular and old-style figures', () => {
  const widths = (style: Partial<TextStyle>, ...texts: string[]) => {
    // A text of format 5 draws Playfair Display's lining figures from the copy that maps them (ADR 0212).
    loadFaces(['Templet Inter', 'Templet Space Grotesk', 'Templet Playfair Display +lnum'])
    const ctx = createCanvas(10, 10).getContext('2d') as unknown as Canvas2D
    const full: TextStyle = {
      family: 'sans',
      weight: 400,
      size: 40,
      lineHeight: 1.2,
      letterSpacing: 0,
      wrap: false,
      ...style,
    }
    return texts.map((t) => layoutText(ctx, t, full, { w: 1000, h: 100 }).width)
  }

  it('give every digit one advance in the faces that have them', () => {
    const [one, eight] = widths({ figures: { tabular: true } }, '1,111.11', '8,888.88')
    expect(one).toBeCloseTo(eight as number, 6)
    const [grotesk1, grotesk8] = widths({ family: 'grotesk', figures: { tabular: true } }, '1111', '8888')
    expect(grotesk1).toBeCloseTo(grotesk8 as number, 6)
    // Without them, Inter's 1 is narrower than its 8.
    const [plain1, plain8] = widths({}, '1,111.11', '8,888.88')
    expect(plain1).toBeLessThan((plain8 as number) - 10)
  })

  it('set old-style figures where the face has them', () => {
    const [lining] = widths({ family: 'grotesk' }, '1234567890')
    const [oldstyle] = widths({ family: 'grotesk', figures: { oldstyle: true } }, '1234567890')
    expect(oldstyle).not.toBeCloseTo(lining as number, 1)
  })

  it('line a price column up in the PNG, and the PDF copies the prices out', async () => {
    const layer = { size: 40, align: 'right', tabularFigures: true, font: 'sans' }
    const text = '1,111.11\n8,888.88'
    const lines = lineEdges(await png(layer, text, BOX))
    expect(lines).toHaveLength(2)
    // Right-aligned with figures of one width, both lines start within the width of a 1's side bearing.
    const [a, b] = lines as [{ left: number; right: number }, { left: number; right: number }]
    const plain = lineEdges(await png({ ...layer, tabularFigures: undefined }, text, BOX))
    const [pa, pb] = plain as [{ left: number; right: number }, { left: number; right: number }]
    expect(Math.abs(pa.left - pb.left)).toBeGreaterThan(20)
    expect(Math.abs(a.left - b.left)).toBeLessThan(12)
    expect(await copied(layer, text, BOX)).toEqual(['1,111.11', '8,888.88'])
  })
})

describe('small capitals and ligatures', () => {
  const widths = (style: Partial<TextStyle>, ...texts: string[]) => {
    // A text of format 5 draws Playfair Display's lining figures from the copy that maps them (ADR 0212).
    loadFaces(['Templet Inter', 'Templet Space Grotesk', 'Templet Playfair Display +lnum'])
    const ctx = createCanvas(10, 10).getContext('2d') as unknown as Canvas2D
    const full: TextStyle = {
      family: 'sans',
      weight: 400,
      size: 40,
      lineHeight: 1.2,
      letterSpacing: 0,
      wrap: false,
      ...style,
    }
    return texts.map((t) => layoutText(ctx, t, full, { w: 2000, h: 100 }).width)
  }

  it('draw lower-case letters as the face’s small capitals, or as capitals at 0.7 of the size', () => {
    // Playfair Display has its own (`smcp`), wider than its lower case.
    const [serif] = widths({ family: 'serif' }, 'office hours')
    const [serifCaps] = widths({ family: 'serif', smallCaps: true }, 'office hours')
    expect(serifCaps).toBeGreaterThan((serif as number) + 20)
    // Inter has none: its capitals at 0.7 of the size, as a browser makes them.
    const [caps] = widths({ smallCaps: true }, 'officehours')
    const [upper] = widths({ size: 28 }, 'OFFICEHOURS')
    expect(caps).toBeCloseTo(upper as number, 3)
    // Capitals, figures and Chinese are untouched.
    expect(widths({ smallCaps: true }, 'ABC 123 春眠')).toEqual(widths({}, 'ABC 123 春眠'))
  })

  it('keep "fi" and "ffl" apart with ligatures off, in the faces that join them', () => {
    const [joined, apart] = [
      widths({ family: 'serif' }, 'office waffle')[0] as number,
      widths({ family: 'serif', figures: { noLigatures: true } }, 'office waffle')[0] as number,
    ]
    expect(apart).not.toBeCloseTo(joined, 1)
  })

  it('draw exactly as before when absent or at their defaults, and otherwise differ in the PNG', async () => {
    const text = 'Office hours: the waffle shop, fifty flights up'
    for (const font of ['sans', 'serif', 'grotesk']) {
      const plain = await png({ size: 40, font }, text, BOX)
      const off = await png({ size: 40, font, smallCaps: false, ligatures: true }, text, BOX)
      expect(off.data.equals(plain.data)).toBe(true)
      const caps = await png({ size: 40, font, smallCaps: true }, text, BOX)
      expect(caps.data.equals(plain.data)).toBe(false)
    }
    // Inter has no standard ligatures: it draws the same either way.
    for (const font of ['serif', 'grotesk']) {
      const plain = await png({ size: 40, font }, text, BOX)
      const apart = await png({ size: 40, font, ligatures: false }, text, BOX)
      expect(apart.data.equals(plain.data)).toBe(false)
    }
  })

  it('copy out of a PDF as typed: small capitals as the lower-case letters, ligatures as their letters', async () => {
    const text = 'Office hours, fifty waffles'
    for (const font of ['sans', 'serif']) {
      expect(await copied({ size: 28, font, smallCaps: true }, text, BOX)).toEqual([text])
      expect(await copied({ size: 28, font, ligatures: false }, text, BOX)).toEqual([text])
      expect(await copied({ size: 28, font, smallCaps: true, ligatures: false }, text, BOX)).toEqual([text])
    }
    // A right-to-left line is shaped again with the features it was drawn with; Arabic has no capitals.
    const arabic = 'مرحبا بكم في المكتب'
    const rtl = await copied({ size: 28, smallCaps: true, ligatures: false, direction: 'rtl' }, arabic, BOX)
    expect(rtl.join(' ').replace(/[\u202a-\u202e]/g, '')).toBe(arabic)
  })
})

describe('a text of the current format', () => {
  const current = async (layer: Record<string, unknown>, text: string, format = DOCUMENT_FORMAT) =>
    pixels((await render(textProbe(layer, PROBE_BOX, format), { text }, { formats: ['png'] })).png as Buffer)

  /** The runs of ink along the row of a picture with the most ink: a headline bar's pieces. */
  function barPieces(g: Picture): number {
    let best = 0
    let row = 0
    for (let y = 0; y < g.height; y++) {
      let n = 0
      for (let x = 0; x < g.width; x++) if ((g.data[y * g.width + x] ?? 255) < 128) n++
      if (n > best) [best, row] = [n, y]
    }
    let runs = 0
    for (let x = 0; x < g.width; x++)
      if ((g.data[row * g.width + x] ?? 255) < 128 && (g.data[row * g.width + x - 1] ?? 255) >= 128) runs++
    return runs
  }

  it('keeps the headline bar of Devanagari and Bengali whole under letter spacing; a text saved before splits it', async () => {
    for (const text of ['नमस्ते दुनिया', 'বাংলা ভাষা']) {
      const whole = barPieces(await current({ letterSpacing: 0.3 }, text))
      const split = barPieces(await current({ letterSpacing: 0.3 }, text, 3))
      // The bar breaks where the unspaced text's does (between words, at a letter without one), no more.
      expect(whole, text).toBe(barPieces(await current({ letterSpacing: 0 }, text)))
      expect(split, text).toBeGreaterThan(whole)
    }
    // Latin letters are still spaced.
    const latin = inkBox(await current({ letterSpacing: 0.3 }, 'spaced'))
    const tight = inkBox(await current({ letterSpacing: 0 }, 'spaced'))
    expect((latin?.maxX ?? 0) - (latin?.minX ?? 0)).toBeGreaterThan(
      (tight?.maxX ?? 0) - (tight?.minX ?? 0) + 40,
    )
  })

  it('fits lines moved apart to clear their ink inside the box (shrinking them); a text of format 3 reached past it', async () => {
    const box = { x: 100, y: 100, w: 600, h: 142 }
    const text = 'Ễ Ở Ữ Ậ quyển\nẪ ỗ ự Ậ chồng\nỄ Ở Ữ Ậ Ẫ ỵ'
    const at = async (format: number) =>
      inkBox(
        await pixels(
          (
            await render(
              textProbe({ lineHeight: 0.98, valign: 'top', shrinkToFit: { minSize: 12 } }, box, format),
              { text },
              { formats: ['png'] },
            )
          ).png as Buffer,
        ),
      )
    const now = await at(DOCUMENT_FORMAT)
    const before = await at(3)
    expect(now?.maxY).toBeLessThanOrEqual(box.y + box.h)
    expect(before?.maxY).toBeGreaterThan(box.y + box.h + 4)
  })

  it('keeps Chinese, Arabic and emoji upright in an italic text, and slants Latin; a text saved before slanted them all', async () => {
    for (const text of ['设计让每一天更美好', 'مرحبا بكم', '🚀👩🏾‍💻']) {
      const upright = await current({ italic: false }, text)
      expect((await current({ italic: true }, text)).data.equals(upright.data), text).toBe(true)
      expect((await current({ italic: true }, text, 3)).data.equals(upright.data), text).toBe(false)
    }
    const latin = await current({ italic: false }, 'Upright')
    expect((await current({ italic: true }, 'Upright')).data.equals(latin.data)).toBe(false)
  })

  it('sets a right-to-left paragraph from its own start, at the right; a text saved before keeps the layer’s side', async () => {
    const arabic = 'مرحبا بكم'
    const now = inkBox(await current({ align: 'start' }, arabic))
    const before = inkBox(await current({ align: 'start' }, arabic, 3))
    expect(now?.maxX).toBeGreaterThan(PROBE_BOX.x + PROBE_BOX.w - 10)
    expect(before?.minX).toBeLessThan(PROBE_BOX.x + 10)
    // `left` stays left, as a browser's `text-align: left`.
    expect(inkBox(await current({ align: 'left' }, arabic))?.minX).toBeLessThan(PROBE_BOX.x + 10)
  })
})
