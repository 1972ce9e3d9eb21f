import * as hb from 'harfbuzzjs'

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
 * glyphs than slots. The character map is written anew as one format 12 subtable; every other table is copied as
 * it is. A file that is not TrueType or OpenType, or has no Unicode map, comes back unchanged.
 */
export function withFigureGlyphsMapped(font: Buffer, features: readonly string[]): Buffer {
  const version = font.toString('latin1', 0, 4)
  if (version !== 'OTTO' && version !== 'true' && font.readUInt32BE(0) !== 0x00010000) return font
  const own = characterMap(font)
  if (!own) return font
  // A font may map its alternates from the Private Use Area (Inter does), which no script's zones cover.
  const reached = new Set([...own].filter(([cp]) => !isPrivateUse(cp)).map(([, glyph]) => glyph))
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
  const mapped = new Map(own)
  const free = SLOTS.filter((cp) => !own.has(cp))
  for (const [i, glyph] of wanted.entries()) {
    const cp = free[i]
    if (cp === undefined) break
    mapped.set(cp, glyph)
  }
  return wanted.length === 0 ? font : withTable(font, 'cmap', format12(mapped))
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

interface TableRecord {
  tag: string
  offset: number
  length: number
}

function tableRecords(font: Buffer): TableRecord[] {
  const count = font.readUInt16BE(4)
  return Array.from({ length: count }, (_, i) => {
    const at = 12 + i * 16
    return {
      tag: font.toString('latin1', at, at + 4),
      offset: font.readUInt32BE(at + 8),
      length: font.readUInt32BE(at + 12),
    }
  })
}

/** The font's Unicode character map (its format 12 or 4 subtable for Unicode), or undefined when it has none. */
function characterMap(font: Buffer): Map<number, number> | undefined {
  const cmap = tableRecords(font).find((t) => t.tag === 'cmap')
  if (!cmap) return undefined
  const base = cmap.offset
  const subtables = Array.from({ length: font.readUInt16BE(base + 2) }, (_, i) => {
    const at = base + 4 + i * 8
    return {
      platform: font.readUInt16BE(at),
      encoding: font.readUInt16BE(at + 2),
      offset: base + font.readUInt32BE(at + 4),
    }
  })
  const unicode = (s: { platform: number; encoding: number }) =>
    s.platform === 0 || (s.platform === 3 && (s.encoding === 1 || s.encoding === 10))
  const formatOf = (s: { offset: number }) => font.readUInt16BE(s.offset)
  const best =
    subtables.find((s) => unicode(s) && formatOf(s) === 12) ??
    subtables.find((s) => unicode(s) && formatOf(s) === 4)
  if (!best) return undefined
  return formatOf(best) === 12 ? readFormat12(font, best.offset) : readFormat4(font, best.offset)
}

function readFormat12(font: Buffer, at: number): Map<number, number> {
  const map = new Map<number, number>()
  const groups = font.readUInt32BE(at + 12)
  for (let i = 0; i < groups; i++) {
    const g = at + 16 + i * 12
    const start = font.readUInt32BE(g)
    const end = font.readUInt32BE(g + 4)
    const glyph = font.readUInt32BE(g + 8)
    for (let cp = start; cp <= end; cp++) map.set(cp, glyph + cp - start)
  }
  return map
}

function readFormat4(font: Buffer, at: number): Map<number, number> {
  const map = new Map<number, number>()
  const segments = font.readUInt16BE(at + 6) / 2
  const ends = at + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  for (let i = 0; i < segments; i++) {
    const end = font.readUInt16BE(ends + i * 2)
    const start = font.readUInt16BE(starts + i * 2)
    const delta = font.readInt16BE(deltas + i * 2)
    const rangeAt = rangeOffsets + i * 2
    const rangeOffset = font.readUInt16BE(rangeAt)
    for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
      let glyph: number
      if (rangeOffset === 0) glyph = (cp + delta) & 0xffff
      else {
        const g = font.readUInt16BE(rangeAt + rangeOffset + (cp - start) * 2)
        glyph = g === 0 ? 0 : (g + delta) & 0xffff
      }
      if (glyph !== 0) map.set(cp, glyph)
    }
  }
  return map
}

/** A cmap table of one format 12 subtable, named by Unicode (0, 4) and Windows (3, 10) records. */
function format12(map: ReadonlyMap<number, number>): Buffer {
  const pairs = [...map].sort((a, b) => a[0] - b[0])
  const groups: Array<[number, number, number]> = []
  for (const [cp, glyph] of pairs) {
    const last = groups[groups.length - 1]
    if (last && cp === last[1] + 1 && glyph === last[2] + (cp - last[0])) last[1] = cp
    else groups.push([cp, cp, glyph])
  }
  const records: Array<[number, number]> = [
    [0, 4],
    [3, 10],
  ]
  const subtableAt = 4 + records.length * 8
  const subtableLength = 16 + groups.length * 12
  const out = Buffer.alloc(subtableAt + subtableLength)
  out.writeUInt16BE(records.length, 2)
  for (const [i, [platform, encoding]] of records.entries()) {
    out.writeUInt16BE(platform, 4 + i * 8)
    out.writeUInt16BE(encoding, 6 + i * 8)
    out.writeUInt32BE(subtableAt, 8 + i * 8)
  }
  out.writeUInt16BE(12, subtableAt)
  out.writeUInt32BE(subtableLength, subtableAt + 4)
  out.writeUInt32BE(groups.length, subtableAt + 12)
  for (const [i, [start, end, glyph]] of groups.entries()) {
    const g = subtableAt + 16 + i * 12
    out.writeUInt32BE(start, g)
    out.writeUInt32BE(end, g + 4)
    out.writeUInt32BE(glyph, g + 8)
  }
  return out
}

const padded = (n: number) => (n + 3) & ~3

function checksum(data: Buffer): number {
  let sum = 0
  const whole = Buffer.concat([data, Buffer.alloc(padded(data.length) - data.length)])
  for (let i = 0; i < whole.length; i += 4) sum = (sum + whole.readUInt32BE(i)) >>> 0
  return sum
}

/** The font with one table replaced, its tables laid out again with their checksums and the head's adjustment. */
function withTable(font: Buffer, tag: string, table: Buffer): Buffer {
  const tables = tableRecords(font).map((r) => ({
    tag: r.tag,
    data: r.tag === tag ? table : Buffer.from(font.subarray(r.offset, r.offset + r.length)),
  }))
  const headerLength = 12 + tables.length * 16
  const out = Buffer.alloc(tables.reduce((n, t) => n + padded(t.data.length), headerLength))
  font.copy(out, 0, 0, 12)
  let offset = headerLength
  let headAt = -1
  for (const [i, t] of tables.entries()) {
    if (t.tag === 'head') {
      // Summed with its adjustment zeroed, as the format asks.
      t.data.writeUInt32BE(0, 8)
      headAt = offset
    }
    const at = 12 + i * 16
    out.write(t.tag, at, 'latin1')
    out.writeUInt32BE(checksum(t.data), at + 4)
    out.writeUInt32BE(offset, at + 8)
    out.writeUInt32BE(t.data.length, at + 12)
    t.data.copy(out, offset)
    offset += padded(t.data.length)
  }
  if (headAt >= 0) out.writeUInt32BE((0xb1b0afba - checksum(out)) >>> 0, headAt + 8)
  return out
}
