import { brotliDecompressSync, inflateSync } from 'node:zlib'

/**
 * What a brand font file may make the server do, read from its own headers before fontkit or Skia parses it.
 * A font parser trusts the sizes and ranges a file declares: a few hundred bytes can declare a gigabyte of
 * compressed data, or a character map whose ranges add up to millions of characters that fontkit lists one
 * by one. Every figure below is far above what a real font needs.
 */
export const FONT_LIMITS = {
  /**
   * Font data a WOFF or WOFF2 file may expand to: a Latin family is under 1 MB, the largest face the product
   * ships 25 MB (Noto Color Emoji; its largest CJK face 14 MB), and FreeType refuses a WOFF2 that
   * reconstructs to more than 30 MB too.
   */
  expandedBytes: 30 * 1024 * 1024,
  /**
   * Times its own size a WOFF or WOFF2 file may expand. The 1,040 WOFF and WOFF2 files in the dependencies
   * expand 1.6-3.0 times: a font is mostly outlines and tables of numbers, which compress no better. A bomb
   * expands thousands of times; 100 leaves a wide margin and keeps a small file's work in proportion to it.
   */
  expansionRatio: 100,
  /** Tables in one font: the 2,003 fonts in the dependencies have at most 19. */
  tables: 100,
  /** Subtables of the character map: those fonts have at most 5. */
  characterMaps: 16,
  /**
   * Characters one character map may map. Unicode assigns about 150,000 characters in all and a CJK font maps
   * 30,000-65,000; a range counts every code point in it, as fontkit lists them all one by one.
   */
  characters: 200_000,
} as const

export type FontLimitErrorCode =
  | 'cut_short'
  | 'bad_header'
  | 'too_many_tables'
  | 'too_large_expanded'
  | 'too_much_expansion'
  | 'bad_compression'
  | 'collection'
  | 'too_many_character_maps'
  | 'too_many_characters'

/** A font file past one of {@link FONT_LIMITS} or with sizes that do not add up; `message` says which, for the customer. */
export class FontLimitError extends Error {
  override name = 'FontLimitError'
  constructor(
    readonly code: FontLimitErrorCode,
    message: string,
  ) {
    super(message)
  }
}

/** What the check measured of a font within the limits. */
export interface FontMeasures {
  container: 'sfnt' | 'woff' | 'woff2'
  /** Bytes of font data once expanded (the file's own size for a TTF or OTF). */
  expandedBytes: number
  tables: number
  /** Characters its largest character map maps (0 without a character map). */
  characters: number
  /** Glyphs by its maxp table (at most 65,535 by the format), or undefined without one. */
  glyphs: number | undefined
}

/**
 * Checks a font file against {@link FONT_LIMITS} before anything parses it: a WOFF or WOFF2 by its header's
 * declared sizes before a byte is decompressed, then decompressed with an output bound so a header that lies
 * cannot expand further; then every container's table directory, its character map and glyph count. Throws a
 * FontLimitError naming what is wrong. Returns undefined for a file that is no TTF, OTF, WOFF or WOFF2 (a
 * collection, some other file), which the parser then refuses as such.
 */
export function checkFontLimits(bytes: Uint8Array): FontMeasures | undefined {
  const file = new Bytes(bytes, 'the file')
  if (bytes.byteLength < 4) return undefined
  const signature = file.tag(0)
  const font =
    signature === 'wOFF'
      ? woffTables(file)
      : signature === 'wOF2'
        ? woff2Tables(file)
        : signature === 'true' || signature === 'OTTO' || file.u32(0) === 0x00010000
          ? sfntTables(file)
          : undefined
  if (!font) return undefined
  const cmap = font.tables.get('cmap')
  const maxp = font.tables.get('maxp')?.()
  return {
    container: font.container,
    expandedBytes: font.expandedBytes,
    tables: font.tables.size,
    characters: cmap ? mostCharacters(new Bytes(cmap(), "the font's cmap table")) : 0,
    glyphs: maxp && maxp.byteLength >= 6 ? new Bytes(maxp, "the font's maxp table").u16(4) : undefined,
  }
}

interface FontTables {
  container: FontMeasures['container']
  expandedBytes: number
  /** Each table's bytes by tag, decompressed when first asked for. */
  tables: Map<string, () => Uint8Array>
}

/** Big-endian reads, each range checked first, so a cut file is a FontLimitError and never a RangeError. */
class Bytes {
  private readonly view: DataView
  constructor(
    readonly bytes: Uint8Array,
    /** What the bytes are, as the subject of a sentence: "the file", "the font's cmap table". */
    private readonly what: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  }

  get length() {
    return this.bytes.byteLength
  }

  /** Throws unless `length` bytes from `offset` are inside; `part` names them in the message. */
  need(offset: number, length: number, part: string) {
    if (offset + length > this.bytes.byteLength)
      throw new FontLimitError('cut_short', `${this.what} is cut short: ${part} runs past its end`)
  }

  u8(offset: number, part = 'its data') {
    this.need(offset, 1, part)
    return this.view.getUint8(offset)
  }

  u16(offset: number, part = 'its data') {
    this.need(offset, 2, part)
    return this.view.getUint16(offset)
  }

  u32(offset: number, part = 'its data') {
    this.need(offset, 4, part)
    return this.view.getUint32(offset)
  }

  /** A table tag, its unprintable bytes as "?" (it is quoted in messages). */
  tag(offset: number, part = 'its data') {
    this.need(offset, 4, part)
    return String.fromCharCode(...this.bytes.subarray(offset, offset + 4)).replace(/[^\x20-\x7e]/g, '?')
  }

  slice(offset: number, length: number) {
    return this.bytes.subarray(offset, offset + length)
  }
}

function checkTableCount(count: number) {
  if (count > FONT_LIMITS.tables)
    throw new FontLimitError(
      'too_many_tables',
      `the font has ${countText(count)} tables; at most ${FONT_LIMITS.tables} are accepted`,
    )
}

/**
 * Adds a table, refusing a second of the same tag: parsers differ on which of two they read (fontkit keeps
 * the last), so the one checked here might not be the one drawn.
 */
function addTable(tables: FontTables['tables'], tag: string, read: () => Uint8Array) {
  if (tables.has(tag)) throw new FontLimitError('bad_header', `the font has two ${tag} tables`)
  tables.set(tag, read)
}

/** TrueType or OpenType: a table directory of offsets into the file itself. */
function sfntTables(file: Bytes): FontTables {
  file.need(0, 12, 'its header')
  const count = file.u16(4)
  checkTableCount(count)
  file.need(12, 16 * count, 'its table directory')
  const tables: FontTables['tables'] = new Map()
  for (let at = 12; at < 12 + 16 * count; at += 16) {
    const tag = file.tag(at)
    const offset = file.u32(at + 8)
    const length = file.u32(at + 12)
    file.need(offset, length, `its ${tag} table`)
    addTable(tables, tag, () => file.slice(offset, length))
  }
  return { container: 'sfnt', expandedBytes: file.length, tables }
}

/** Refuses declared font data past the bound or the ratio, before anything is decompressed. */
function checkExpansion(kind: 'WOFF' | 'WOFF2', expanded: number, fileBytes: number) {
  if (expanded > FONT_LIMITS.expandedBytes)
    throw new FontLimitError(
      'too_large_expanded',
      `the ${kind} file declares ${sizeText(expanded)} of font data; at most ${sizeText(FONT_LIMITS.expandedBytes)} is accepted`,
    )
  if (expanded > FONT_LIMITS.expansionRatio * fileBytes)
    throw new FontLimitError(
      'too_much_expansion',
      `the ${kind} file would expand ${countText(Math.floor(expanded / fileBytes))} times, from ${sizeText(fileBytes)} to ${sizeText(expanded)}; at most ${FONT_LIMITS.expansionRatio} times is accepted`,
    )
}

/** WOFF 1: each table zlib-compressed on its own, its original length in the directory. */
function woffTables(file: Bytes): FontTables {
  file.need(0, 44, 'its header')
  const count = file.u16(12)
  const totalSfntSize = file.u32(16)
  checkTableCount(count)
  file.need(44, 20 * count, 'its table directory')
  const entries: Array<{ tag: string; offset: number; compLength: number; origLength: number }> = []
  for (let at = 44; at < 44 + 20 * count; at += 20) {
    const entry = {
      tag: file.tag(at),
      offset: file.u32(at + 4),
      compLength: file.u32(at + 8),
      origLength: file.u32(at + 12),
    }
    file.need(entry.offset, entry.compLength, `its ${entry.tag} table`)
    if (entry.compLength > entry.origLength)
      throw new FontLimitError(
        'bad_header',
        `the WOFF file's ${entry.tag} table is longer compressed than its declared length`,
      )
    entries.push(entry)
  }
  const expanded = Math.max(
    totalSfntSize,
    entries.reduce((sum, e) => sum + e.origLength, 0),
  )
  checkExpansion('WOFF', expanded, file.length)
  const tables: FontTables['tables'] = new Map()
  for (const e of entries) {
    const stored = file.slice(e.offset, e.compLength)
    addTable(tables, e.tag, () =>
      e.compLength === e.origLength ? stored : inflated(stored, e.origLength, `its ${e.tag} table`),
    )
  }
  return { container: 'woff', expandedBytes: expanded, tables }
}

function inflated(data: Uint8Array, size: number, what: string): Uint8Array {
  const out = bounded(() => inflateSync(data, { maxOutputLength: Math.max(1, size) }))
  if (out?.byteLength !== size)
    throw new FontLimitError(
      'bad_compression',
      `the WOFF file's compressed data does not expand to the size its header declares for ${what}`,
    )
  return out
}

/** The decompressed bytes, or undefined when the data is corrupt or would pass its bound. */
function bounded(decompress: () => Buffer): Buffer | undefined {
  try {
    return decompress()
  } catch {
    return undefined
  }
}

/** The tags a WOFF2 directory names by number (WOFF2 §5.1); 63 means a four-letter tag follows. */
// biome-ignore format: the specification's table, one tag a line, would take 63 lines
const WOFF2_TAGS = [
  'cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post', 'cvt ', 'fpgm', 'glyf', 'loca', 'prep',
  'CFF ', 'VORG', 'EBDT', 'EBLC', 'gasp', 'hdmx', 'kern', 'LTSH', 'PCLT', 'VDMX', 'vhea', 'vmtx', 'BASE',
  'GDEF', 'GPOS', 'GSUB', 'EBSC', 'JSTF', 'MATH', 'CBDT', 'CBLC', 'COLR', 'CPAL', 'SVG ', 'sbix', 'acnt',
  'avar', 'bdat', 'bloc', 'bsln', 'cvar', 'fdsc', 'feat', 'fmtx', 'fvar', 'gvar', 'hsty', 'just', 'lcar',
  'mort', 'morx', 'opbd', 'prop', 'trak', 'Zapf', 'Silf', 'Glat', 'Gloc', 'Feat', 'Sill',
]

/**
 * WOFF2: one brotli stream holding every table back to back (glyf, loca and hmtx possibly transformed; cmap
 * and maxp never are), each table's length in the stream in the directory.
 */
function woff2Tables(file: Bytes): FontTables {
  file.need(0, 48, 'its header')
  const flavor = file.tag(4)
  const count = file.u16(12)
  const totalSfntSize = file.u32(16)
  const compressedSize = file.u32(20)
  checkTableCount(count)
  const entries: Array<{ tag: string; length: number }> = []
  let at = 48
  const base128 = (tag: string) => {
    // UIntBase128 (WOFF2 §4.1): at most five bytes, no leading zeros, no overflow past 32 bits.
    let value = 0
    for (let i = 0; i < 5; i++) {
      const byte = file.u8(at++, 'its table directory')
      if ((i === 0 && byte === 0x80) || value >= 2 ** 25)
        throw new FontLimitError('bad_header', `the WOFF2 file's length of its ${tag} table is malformed`)
      value = value * 128 + (byte & 0x7f)
      if ((byte & 0x80) === 0) return value
    }
    throw new FontLimitError('bad_header', `the WOFF2 file's length of its ${tag} table is malformed`)
  }
  for (let i = 0; i < count; i++) {
    const flags = file.u8(at++, 'its table directory')
    const known = WOFF2_TAGS[flags & 0x3f]
    const tag = known ?? file.tag(at, 'its table directory')
    if (!known) at += 4
    // A reader that keeps tables in an object (fontkit) would take a tag like "1234" first, out of order.
    if (/^\d+$/.test(tag)) throw new FontLimitError('bad_header', `the WOFF2 file names a table "${tag}"`)
    const origLength = base128(tag)
    const version = flags >> 6
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0
    entries.push({ tag, length: transformed ? base128(tag) : origLength })
  }
  const streamSize = entries.reduce((sum, e) => sum + e.length, 0)
  // A cut file is called cut, not a bomb: its declared sizes would seem many times its remaining bytes.
  file.need(at, compressedSize, 'its compressed data')
  checkExpansion('WOFF2', Math.max(totalSfntSize, streamSize), file.length)
  if (flavor === 'ttcf')
    throw new FontLimitError('collection', 'the WOFF2 file is a font collection; upload its fonts one by one')
  const stream = bounded(() =>
    brotliDecompressSync(file.slice(at, compressedSize), { maxOutputLength: Math.max(1, streamSize) }),
  )
  if (stream?.byteLength !== streamSize)
    throw new FontLimitError(
      'bad_compression',
      `the WOFF2 file's compressed data does not expand to the ${sizeText(streamSize)} its header declares`,
    )
  const tables: FontTables['tables'] = new Map()
  let offset = 0
  for (const e of entries) {
    const table = stream.subarray(offset, offset + e.length)
    addTable(tables, e.tag, () => table)
    offset += e.length
  }
  return { container: 'woff2', expandedBytes: Math.max(totalSfntSize, streamSize), tables }
}

/** Characters the largest subtable of a cmap table maps, refused past the limits. */
function mostCharacters(cmap: Bytes): number {
  cmap.need(0, 4, 'its header')
  const count = cmap.u16(2)
  if (count > FONT_LIMITS.characterMaps)
    throw new FontLimitError(
      'too_many_character_maps',
      `the font has ${countText(count)} character maps; at most ${FONT_LIMITS.characterMaps} are accepted`,
    )
  cmap.need(4, 8 * count, 'its list of character maps')
  const offsets = new Set<number>()
  for (let at = 4; at < 4 + 8 * count; at += 8) offsets.add(cmap.u32(at + 4))
  const most = Math.max(0, ...[...offsets].map((offset) => subtableCharacters(cmap, offset)))
  if (most > FONT_LIMITS.characters)
    throw new FontLimitError(
      'too_many_characters',
      `the font maps ${countText(most)} characters; at most ${countText(FONT_LIMITS.characters)} are accepted`,
    )
  return most
}

/**
 * Characters one cmap subtable maps, counting every code point of a range (formats 4, 8, 12 and 13) as
 * fontkit's character set lists them, and checking the arrays it reads lie inside the table. Formats that
 * cannot map more than 65,536 (0, 2, 6) or map variations of mapped characters (14) need no count.
 */
function subtableCharacters(cmap: Bytes, o: number): number {
  const format = cmap.u16(o)
  switch (format) {
    case 0:
      return 256
    case 4: {
      cmap.need(o, 14, 'a format 4 character map')
      const segments = cmap.u16(o + 6) >> 1
      // endCode[], a pad, startCode[], idDelta[], idRangeOffset[]
      cmap.need(o + 14, 8 * segments + 2, 'a format 4 character map')
      let sum = 0
      for (let i = 0; i < segments; i++) {
        const end = cmap.u16(o + 14 + 2 * i)
        const start = cmap.u16(o + 16 + 2 * segments + 2 * i)
        if (end >= start) sum += end - start + 1
      }
      return sum
    }
    case 6: {
      cmap.need(o, 10, 'a format 6 character map')
      return cmap.u16(o + 8)
    }
    case 10: {
      cmap.need(o, 20, 'a format 10 character map')
      const characters = cmap.u32(o + 16)
      if (characters <= FONT_LIMITS.characters) cmap.need(o + 20, 2 * characters, 'a format 10 character map')
      return characters
    }
    case 8:
      return groupCharacters(cmap, o + 8208, 8)
    case 12:
    case 13:
      return groupCharacters(cmap, o + 12, format)
    default:
      return 0
  }
}

/** A sequential map's groups (formats 8, 12, 13): numGroups at `at`, then 12 bytes per group. */
function groupCharacters(cmap: Bytes, at: number, format: number): number {
  const part = `a format ${format} character map`
  cmap.need(at, 4, part)
  const groups = cmap.u32(at)
  cmap.need(at + 4, 12 * groups, part)
  let sum = 0
  for (let g = at + 4; g < at + 4 + 12 * groups; g += 12) {
    const start = cmap.u32(g)
    const end = cmap.u32(g + 4)
    if (end >= start) sum += end - start + 1
  }
  return sum
}

/** "812 bytes", "146 kB", "1.1 GB". */
function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 ** 2) return `${Math.round(bytes / 1024)} kB`
  if (bytes < 1024 ** 3) return `${Math.round(bytes / 1024 ** 2)} MB`
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`
}

/** "250,000", "65 million", "4 billion": a count as people say it, never more than it is. */
function countText(n: number): string {
  if (n < 1e6) return n.toLocaleString('en-US')
  if (n < 1e9) return `${Math.floor(n / 1e6)} million`
  return `${Math.floor(n / 1e9)} billion`
}
