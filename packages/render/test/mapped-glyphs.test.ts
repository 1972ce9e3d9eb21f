import { readFileSync } from 'node:fs'
import { createCanvas } from '@napi-rs/canvas'
import { DOCUMENT_FORMAT, type Figures, mappedFiguresFace } from '@templet/template'
import * as hb from 'harfbuzzjs'
import { describe, expect, it } from 'vitest'
import { facesOf, loadFaces, registeredFamilies } from '../src/fonts'
import { render } from '../src/index'
import { SLOTS, withFigureGlyphsMapped } from '../src/mapped-glyphs'
import { inkBox, type Picture, pixels, textProbe } from './text-probe'

const INTER = readFileSync(facesOf('Templet Inter').find((f) => f.weight === 400 && !f.italic)?.file ?? '')

/** A font's character map, code point to glyph, as HarfBuzz reads it. */
function mapOf(font: Buffer): Map<number, number> {
  const hbFont = new hb.Font(new hb.Face(new hb.Blob(font)))
  const buffer = new hb.Buffer()
  const map = new Map<number, number>()
  // Copied out first: a view of HarfBuzz's memory is detached when shaping grows it.
  for (const cp of Array.from(new hb.Face(new hb.Blob(font)).collectUnicodes())) {
    buffer.clearContents()
    buffer.addCodePoints([cp])
    buffer.guessSegmentProperties()
    hb.shape(hbFont, buffer, [
      hb.Feature.fromString('-calt') as hb.Feature,
      hb.Feature.fromString('-ccmp') as hb.Feature,
    ])
    const g = buffer.getGlyphInfos()[0]?.codepoint
    if (g) map.set(cp, g)
  }
  return map
}

/** The glyphs a code point outside the Private Use Areas reaches. */
const latinGlyphs = (font: Buffer) =>
  new Set(
    [...mapOf(font)].filter(([cp]) => !(cp >= 0xe000 && cp <= 0xf8ff) && cp < 0xf0000).map(([, g]) => g),
  )

/** The glyphs HarfBuzz shapes `text` to in `font`, with `features`. */
function glyphs(font: Buffer, text: string, features: string[] = []): number[] {
  const buffer = new hb.Buffer()
  buffer.addText(text)
  buffer.guessSegmentProperties()
  hb.shape(
    new hb.Font(new hb.Face(new hb.Blob(font))),
    buffer,
    features.flatMap((f) => hb.Feature.fromString(f) ?? []),
  )
  return buffer.getGlyphInfos().map((g) => g.codepoint)
}

describe("a face with its figures' glyphs mapped", () => {
  it('reaches each glyph the features give figures from a Latin code point no character has', () => {
    const mapped = withFigureGlyphsMapped(INTER, ['tnum'])
    const tabular = glyphs(INTER, '0123456789:', ['tnum'])
    // Inter reaches its tabular figures only from the Private Use Area (U+E071 on), or by shaping.
    expect(tabular.every((g) => !latinGlyphs(INTER).has(g))).toBe(true)
    const reached = latinGlyphs(mapped)
    for (const g of glyphs(INTER, '0123456789', ['tnum'])) expect(reached.has(g)).toBe(true)
    // The colon Inter raises between figures, in its tabular form.
    expect(reached.has(glyphs(INTER, '1:0', ['tnum'])[1] ?? -1)).toBe(true)
    const added = [...mapOf(mapped)].filter(([cp]) => !mapOf(INTER).has(cp)).map(([cp]) => cp)
    expect(added.length).toBeGreaterThan(10)
    expect(added.every((cp) => SLOTS.includes(cp))).toBe(true)
  })

  it('shapes every text to the very glyphs the face as shipped does', () => {
    const mapped = withFigureGlyphsMapped(INTER, ['tnum'])
    for (const text of [
      '07:00 – 18:30',
      '1,111.10 (+5%)',
      '12/31',
      'Spin and Yoga fi',
      '10:15–11:00',
      'Ünïcödé',
    ])
      for (const features of [['tnum'], []])
        expect(glyphs(mapped, text, features), `${text} ${features}`).toEqual(glyphs(INTER, text, features))
  })

  it('keeps a file that is not TrueType or OpenType as it is', () => {
    const woff2 = Buffer.from('wOF2 not a font at all, but not a crash either')
    expect(withFigureGlyphsMapped(woff2, ['tnum'])).toBe(woff2)
  })

  // Every design face at each figure setting: a text measures the same drawn from the mapped face, so a line never
  // breaks differently from the browser's.
  const SAMPLES = [
    '07:00 Spin · 18:30 Strength',
    'Valid until 31/12/2026 · £50 · No. 0481',
    '(+1) 555-0199 [x] {y} ±3 <a=b> 9×9 = 81 → 100%',
    'Office hours 1,111.10 vs 8,888.88 — fi fl ffl',
  ]
  const SETTINGS: Array<[string, Figures | undefined, string]> = [
    ['Templet Inter', { tabular: true }, 'tabular-nums'],
    ['Templet Inter', { tabular: true, oldstyle: true }, 'oldstyle-nums tabular-nums'],
    ['Templet Space Grotesk', { oldstyle: true }, 'oldstyle-nums'],
    ['Templet Space Grotesk', { tabular: true }, 'tabular-nums'],
    ['Templet Playfair Display', undefined, 'lining-nums'],
    ['Templet Playfair Display', { tabular: true }, 'lining-nums tabular-nums'],
    ['Templet Playfair Display', { oldstyle: true }, 'oldstyle-nums'],
  ]
  it.each(SETTINGS)('measures every sample as the face as shipped: %s %j', (face, figures, numeric) => {
    const mapped = mappedFiguresFace(face, figures)
    expect(mapped).not.toBe(face)
    loadFaces([face, mapped])
    expect(registeredFamilies()).toContain(mapped)
    const ctx = createCanvas(10, 10).getContext('2d')
    for (const weight of [400, 700])
      for (const text of SAMPLES) {
        ctx.font = `${weight} 19px '${face}'`
        ctx.fontVariantNumeric = numeric
        const shaped = ctx.measureText(text).width
        ctx.font = `${weight} 19px '${mapped}'`
        expect(ctx.measureText(text).width, `${weight} ${text}`).toBeCloseTo(shaped, 3)
      }
  })
})

/** Each row's share of a picture's ink, from the first inked row (0 = paper, 1 = black). */
function rowProfile(g: Picture): number[] {
  const rows = Array.from({ length: g.height }, (_, y) => {
    let ink = 0
    for (let x = 0; x < g.width; x++) ink += 255 - (g.data[y * g.width + x] ?? 255)
    return ink
  })
  const total = rows.reduce((a, b) => a + b, 0)
  const first = rows.findIndex((r) => r > 0)
  return rows.slice(first, first + 16).map((r) => r / total)
}

describe('figures a text asks for, rendered', () => {
  // Inter's tabular zero is its zero set wider: the same outline, so the same rows of ink where it is drawn true.
  const profile = async (layer: Record<string, unknown>, format: number) =>
    rowProfile(
      await pixels(
        (
          await render(
            textProbe({ size: 14, ...layer }, undefined, format),
            { text: '0000' },
            { formats: ['png'] },
          )
        ).png as Buffer,
      ),
    )
  const apart = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - (b[i] ?? 0))))

  it('sit on the rows of the face’s own figures (format 5), where only shaping reached them they sat off', async () => {
    const own = await profile({}, DOCUMENT_FORMAT)
    expect(apart(await profile({ tabularFigures: true }, DOCUMENT_FORMAT), own)).toBeLessThan(0.01)
    // A text saved before format 5 keeps Skia's features, and the rows they drew (ADR 0212).
    expect(apart(await profile({ tabularFigures: true }, 4), own)).toBeGreaterThan(0.03)
  })
})

describe("a brand face's figures", () => {
  // A customer's face, here Space Grotesk's file under a brand family: its tabular figures are its own, wider
  // than Inter's, which the stack would fall back to were the brand face's copy missing.
  const GROTESK = readFileSync(facesOf('Templet Space Grotesk').find((f) => f.weight === 400)?.file ?? '')
  // As the server hands them: new objects for each render, the same file id.
  const brandFonts = () => [
    { id: 'grotesk-400', family: 'brand-grotesk1' as const, data: Buffer.from(GROTESK) },
  ]
  const drawn = async (format: number, figures: Record<string, boolean>) =>
    pixels(
      (
        await render(
          textProbe({ font: 'brand-grotesk1', size: 30, ...figures }, undefined, format),
          { text: '1111 07:00' },
          { formats: ['png'], brandFonts: brandFonts() },
        )
      ).png as Buffer,
    )

  it('are drawn from a copy of its file that maps them, with the glyphs and places of the file as shipped', async () => {
    const tabular = { tabularFigures: true }
    expect(inkBox(await drawn(DOCUMENT_FORMAT, tabular))).toEqual(inkBox(await drawn(4, tabular)))
    // A later render asking for other figures makes its copy from the objects it handed, the file being
    // registered already.
    const oldstyle = { tabularFigures: true, oldstyleFigures: true }
    expect(inkBox(await drawn(DOCUMENT_FORMAT, oldstyle))).toEqual(inkBox(await drawn(4, oldstyle)))
  })
})
