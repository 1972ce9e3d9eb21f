import { readFileSync } from 'node:fs'
import { FONT_STACKS, type FontFamily } from '@templet/template'
import { FACES } from './fonts'

/**
 * The code points a TrueType/OpenType font maps to a glyph, read from its `cmap` table (subtable format
 * 12 when present, else format 4). Enough to know, before drawing, whether the shipped fonts can draw a
 * text; Skia would otherwise look for a missing character in the machine's system fonts.
 */
export function cmapCoverage(font: Buffer): Set<number> {
  const covered = new Set<number>()
  const numTables = font.readUInt16BE(4)
  let cmap = -1
  for (let i = 0; i < numTables; i++) {
    const rec = 12 + i * 16
    if (font.toString('latin1', rec, rec + 4) === 'cmap') cmap = font.readUInt32BE(rec + 8)
  }
  if (cmap < 0) return covered
  const subtables = new Map<string, number>()
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const rec = cmap + 4 + i * 8
    subtables.set(
      `${font.readUInt16BE(rec)},${font.readUInt16BE(rec + 2)}`,
      cmap + font.readUInt32BE(rec + 4),
    )
  }
  const full = subtables.get('3,10') ?? subtables.get('0,4') ?? subtables.get('0,6')
  if (full !== undefined && font.readUInt16BE(full) === 12) {
    const groups = font.readUInt32BE(full + 12)
    for (let g = 0; g < groups; g++) {
      const at = full + 16 + g * 12
      const [start, end, glyph] = [
        font.readUInt32BE(at),
        font.readUInt32BE(at + 4),
        font.readUInt32BE(at + 8),
      ]
      for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) covered.add(c)
    }
    return covered
  }
  const bmp = subtables.get('3,1') ?? subtables.get('0,3') ?? subtables.get('0,1') ?? subtables.get('0,0')
  if (bmp === undefined || font.readUInt16BE(bmp) !== 4) return covered
  const segments = font.readUInt16BE(bmp + 6) / 2
  const ends = bmp + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  for (let s = 0; s < segments; s++) {
    const start = font.readUInt16BE(starts + s * 2)
    const end = font.readUInt16BE(ends + s * 2)
    const delta = font.readInt16BE(deltas + s * 2)
    const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2)
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff
      else {
        const at = rangeOffsets + s * 2 + rangeOffset + (c - start) * 2
        glyph = at + 1 < font.length ? font.readUInt16BE(at) : 0
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff
      }
      if (glyph !== 0) covered.add(c)
    }
  }
  return covered
}

const familyCoverage = new Map<string, Set<number>>()
/** What a family can draw (read from its regular face; the weights of a family cover the same). */
function coverageOf(family: string): Set<number> {
  let set = familyCoverage.get(family)
  if (!set) {
    const face =
      FACES.find((f) => f.family === family && f.weight === 400) ?? FACES.find((f) => f.family === family)
    set = face ? cmapCoverage(readFileSync(face.file)) : new Set()
    familyCoverage.set(family, set)
  }
  return set
}

// Characters that draw nothing themselves: spaces, controls, joiners, direction marks, variation selectors.
const SPACE_CONTROL_FORMAT = /[\s\p{Cc}\p{Cf}]/u
const isInvisible = (ch: string, cp: number) =>
  SPACE_CONTROL_FORMAT.test(ch) || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)

/** The characters of a text that no font of the stack can draw, each once. */
export function uncoveredCharacters(text: string, stack: FontFamily): string[] {
  const families = FONT_STACKS[stack]
  const missing = new Set<string>()
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    if (isInvisible(ch, cp)) continue
    if (!families.some((f) => coverageOf(f).has(cp))) missing.add(ch)
  }
  return [...missing]
}

/**
 * The text without the characters its stack cannot draw. Dropping them keeps every render identical on
 * every machine (Skia would take them from whatever system fonts exist); validateValues reports them first.
 */
export function drawableText(text: string, stack: FontFamily): string {
  const missing = uncoveredCharacters(text, stack)
  if (!missing.length) return text
  const drop = new Set(missing)
  return [...text].filter((ch) => !drop.has(ch)).join('')
}
