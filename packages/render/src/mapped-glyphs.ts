import * as hb from 'harfbuzzjs'
import { fontTable, forEachMapping, isSfnt, withCmapMappings } from './cmap'

/**
 * A font file in which the glyphs that `features` give figures (a tabular or lining figure, and the forms their
 * neighbours take between figures: Inter's raised colon) are reached through the character map too, each from a
 * Latin code point no character has. Every mapping the font had stays, so text shapes to the very glyphs it did,
 * with the features on Skia's context.
 *
 * Why (ADR 0212): FreeType's auto-hinter, under Skia, fits a glyph to the Latin alignment zones only when a Latin
 * code point of the character map reaches it. A glyph that only shaping reaches is rastered unfitted, up to half a
 * pixel above or below where the same glyph is drawn when the map reaches it, and where a browser draws it.
 *
 * The code points taken (`SLOTS`) are the holes of Mathematical Alphanumeric Symbols, which Unicode keeps empty for
 * good, then unassigned ones of Supplemental Punctuation and Latin Extended-E: no text a customer types reaches them
 * (a character no face maps is left out before drawing: `coverage.ts`). Figures come first when there are more
 * glyphs than slots. Only the character map changes (`withCmapMappings`). A file that is not TrueType or OpenType,
 * or has no Unicode map, comes back unchanged.
 */
export function withFigureGlyphsMapped(font: Buffer, features: readonly string[]): Buffer {
  const cmap = isSfnt(font) ? fontTable(font, 'cmap') : undefined
  if (!cmap) return font
  const own = new Set<number>()
  // A font may map its alternates from the Private Use Area (Inter does), which no script's zones cover.
  const reached = new Set<number>()
  forEachMapping(cmap, (cp, glyph) => {
    own.add(cp)
    if (!isPrivateUse(cp)) reached.add(glyph)
  })
  if (own.size === 0) return font
  const hbFont = new hb.Font(new hb.Face(new hb.Blob(font)))
  const asked = features.flatMap((f) => hb.Feature.fromString(f) ?? [])
  // One buffer for every shaping: HarfBuzz's memory is given back only when the collector finds its objects.
  const buffer = new hb.Buffer()
  const wanted: number[] = []
  for (const text of FIGURE_TEXTS) {
    buffer.clearContents()
    buffer.addText(text)
    buffer.guessSegmentProperties()
    hb.shape(hbFont, buffer, asked)
    for (const { codepoint: glyph } of buffer.getGlyphInfos())
      if (glyph !== 0 && !reached.has(glyph) && !wanted.includes(glyph)) wanted.push(glyph)
  }
  const free = SLOTS.filter((cp) => !own.has(cp))
  const extra = wanted.slice(0, free.length).map((glyph, i): [number, number] => [free[i] ?? 0, glyph])
  return extra.length === 0 ? font : withCmapMappings(font, extra)
}

const isPrivateUse = (cp: number) => (cp >= 0xe000 && cp <= 0xf8ff) || cp >= 0xf0000

const DIGITS = '0123456789'
/** What figures are set among: each figure alone, then beside punctuation, signs and letters, in that order. */
const FIGURE_TEXTS = [
  ...DIGITS,
  ...[...':.,-–—/()+−×%$€£¥#'].map((p) => `1${p}0`),
  `(${DIGITS})`,
  `${DIGITS} ${DIGITS}`,
]

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
/** Latin code points no character has (Unicode 16), in FreeType's Latin ranges: see `withFigureGlyphsMapped`. */
export const SLOTS: readonly number[] = [
  // Mathematical Alphanumeric Symbols: letters encoded before in Letterlike Symbols, left empty for good.
  0x1d455,
  0x1d49d,
  0x1d4a0,
  0x1d4a1,
  0x1d4a3,
  0x1d4a4,
  0x1d4a7,
  0x1d4a8,
  0x1d4ad,
  0x1d4ba,
  0x1d4bc,
  0x1d4c4,
  0x1d506,
  0x1d50b,
  0x1d50c,
  0x1d515,
  0x1d51d,
  0x1d53a,
  0x1d53f,
  0x1d545,
  0x1d547,
  0x1d548,
  0x1d549,
  0x1d551,
  0x1d6a6,
  0x1d6a7,
  0x1d7cc,
  0x1d7cd,
  // Supplemental Punctuation and Latin Extended-E, unassigned.
  ...range(0x2e5e, 0x2e7f),
  ...range(0xab6c, 0xab6f),
]
