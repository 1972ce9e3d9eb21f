/**
 * A font's character map (`cmap`), read and written: what the coverage checks read, and what the emoji font and the
 * faces with their figures' glyphs mapped (`mapped-glyphs.ts`) are given more of.
 */

/**
 * Calls `visit` with each code point the `cmap` table maps to a glyph other than .notdef, from its Unicode
 * subtable of format 12 when it has one, else of format 4. Visits nothing when it has neither.
 */
export function forEachMapping(cmap: Buffer, visit: (codePoint: number, glyph: number) => void) {
  const subtables = new Map<string, number>()
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const rec = 4 + i * 8
    subtables.set(`${cmap.readUInt16BE(rec)},${cmap.readUInt16BE(rec + 2)}`, cmap.readUInt32BE(rec + 4))
  }
  const full = subtables.get('3,10') ?? subtables.get('0,4') ?? subtables.get('0,6')
  if (full !== undefined && cmap.readUInt16BE(full) === 12) {
    const groups = cmap.readUInt32BE(full + 12)
    for (let g = 0; g < groups; g++) {
      const at = full + 16 + g * 12
      const [start, end, glyph] = [
        cmap.readUInt32BE(at),
        cmap.readUInt32BE(at + 4),
        cmap.readUInt32BE(at + 8),
      ]
      for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) visit(c, glyph + (c - start))
    }
    return
  }
  const bmp = subtables.get('3,1') ?? subtables.get('0,3') ?? subtables.get('0,1') ?? subtables.get('0,0')
  if (bmp === undefined || cmap.readUInt16BE(bmp) !== 4) return
  const segments = cmap.readUInt16BE(bmp + 6) / 2
  const ends = bmp + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const rangeOffsets = deltas + segments * 2
  for (let s = 0; s < segments; s++) {
    const start = cmap.readUInt16BE(starts + s * 2)
    const end = cmap.readUInt16BE(ends + s * 2)
    const delta = cmap.readInt16BE(deltas + s * 2)
    const rangeOffset = cmap.readUInt16BE(rangeOffsets + s * 2)
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff
      else {
        const at = rangeOffsets + s * 2 + rangeOffset + (c - start) * 2
        glyph = at + 1 < cmap.length ? cmap.readUInt16BE(at) : 0
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff
      }
      if (glyph !== 0) visit(c, glyph)
    }
  }
}

/** Whether a file is TrueType or OpenType (a table directory this module can read), not WOFF2 or else. */
export function isSfnt(font: Buffer): boolean {
  const version = font.toString('latin1', 0, 4)
  return version === 'OTTO' || version === 'true' || font.readUInt32BE(0) === 0x00010000
}

/** A table of a TrueType or OpenType file, by tag (a view of the file), or undefined when it has none. */
export function fontTable(font: Buffer, tag: string): Buffer | undefined {
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const rec = 12 + i * 16
    if (font.toString('latin1', rec, rec + 4) !== tag) continue
    const offset = font.readUInt32BE(rec + 8)
    return font.subarray(offset, offset + font.readUInt32BE(rec + 12))
  }
  return undefined
}

const align4 = (n: number) => (n + 3) & ~3

/** A format 12 subtable of `groups` ([first code point, last, first glyph]), in `language`. */
function format12(groups: Array<[number, number, number]>, language = 0): Buffer {
  const out = Buffer.alloc(16 + groups.length * 12)
  out.writeUInt16BE(12, 0)
  out.writeUInt32BE(out.length, 4)
  out.writeUInt32BE(language, 8)
  out.writeUInt32BE(groups.length, 12)
  groups.forEach(([start, end, glyph], i) => {
    out.writeUInt32BE(start, 16 + i * 12)
    out.writeUInt32BE(end, 20 + i * 12)
    out.writeUInt32BE(glyph, 24 + i * 12)
  })
  return out
}

/** A format 12 `cmap` subtable: the groups of one, plus one group per extra mapping. */
function format12With(cmap: Buffer, at: number, extra: Array<[number, number]>): Buffer {
  const groups: Array<[number, number, number]> = []
  for (let g = 0; g < cmap.readUInt32BE(at + 12); g++) {
    const o = at + 16 + g * 12
    groups.push([cmap.readUInt32BE(o), cmap.readUInt32BE(o + 4), cmap.readUInt32BE(o + 8)])
  }
  const taken = new Set(extra.map(([cp]) => cp))
  const all = [
    ...groups.filter(([start, end]) => ![...taken].some((cp) => cp >= start && cp <= end)),
    ...extra.map(([cp, glyph]): [number, number, number] => [cp, cp, glyph]),
  ].sort((a, b) => a[0] - b[0])
  return format12(all, cmap.readUInt32BE(at + 8))
}

/** A format 12 subtable of every mapping a `cmap` has, plus the extra ones: for a map with no subtable of format 12. */
function format12Of(cmap: Buffer, extra: Array<[number, number]>): Buffer {
  const taken = new Set(extra.map(([cp]) => cp))
  const pairs: Array<[number, number]> = []
  forEachMapping(cmap, (cp, glyph) => {
    if (!taken.has(cp)) pairs.push([cp, glyph])
  })
  const groups: Array<[number, number, number]> = []
  for (const [cp, glyph] of [...pairs, ...extra].sort((a, b) => a[0] - b[0])) {
    const last = groups[groups.length - 1]
    if (last && cp === last[1] + 1 && glyph === last[2] + (cp - last[0])) last[1] = cp
    else groups.push([cp, cp, glyph])
  }
  return format12(groups)
}

/** The byte length of a cmap subtable by its format. */
function subtableLength(cmap: Buffer, at: number): number {
  const format = cmap.readUInt16BE(at)
  return format >= 8 && format !== 14
    ? cmap.readUInt32BE(at + 4)
    : format === 14
      ? cmap.readUInt32BE(at + 2)
      : cmap.readUInt16BE(at + 2)
}

/**
 * A new `cmap`: every subtable as it was, format 12 ones with the extra mappings. A map without a subtable of format
 * 12 gets one under Windows' full Unicode encoding (3, 10), which Skia's FreeType and HarfBuzz both read first, of
 * all its mappings and the extra ones.
 */
function cmapWith(cmap: Buffer, extra: Array<[number, number]>): Buffer {
  const records = Array.from({ length: cmap.readUInt16BE(2) }, (_, i) => ({
    platform: cmap.readUInt16BE(4 + i * 8),
    encoding: cmap.readUInt16BE(6 + i * 8),
    offset: cmap.readUInt32BE(8 + i * 8),
  }))
  const subtables = new Map<number, Buffer>()
  for (const r of records)
    if (!subtables.has(r.offset))
      subtables.set(
        r.offset,
        cmap.readUInt16BE(r.offset) === 12
          ? format12With(cmap, r.offset, extra)
          : cmap.subarray(r.offset, r.offset + subtableLength(cmap, r.offset)),
      )
  if (![...subtables.keys()].some((offset) => cmap.readUInt16BE(offset) === 12)) {
    // A key no offset in the table has.
    const added = cmap.length
    subtables.set(added, format12Of(cmap, extra))
    records.push({ platform: 3, encoding: 10, offset: added })
    records.sort((a, b) => a.platform - b.platform || a.encoding - b.encoding)
  }
  const header = 4 + records.length * 8
  const written = new Map<number, number>()
  let size = header
  for (const [offset, sub] of subtables) {
    written.set(offset, size)
    size += sub.length
  }
  const head = Buffer.alloc(header)
  head.writeUInt16BE(0, 0)
  head.writeUInt16BE(records.length, 2)
  records.forEach((r, i) => {
    head.writeUInt16BE(r.platform, 4 + i * 8)
    head.writeUInt16BE(r.encoding, 6 + i * 8)
    head.writeUInt32BE(written.get(r.offset) ?? 0, 8 + i * 8)
  })
  return Buffer.concat([head, ...subtables.values()])
}

const checksum = (b: Buffer) => {
  let sum = 0
  for (let i = 0; i < b.length; i += 4)
    sum =
      (sum +
        (b.length - i >= 4
          ? b.readUInt32BE(i)
          : Buffer.concat([b.subarray(i), Buffer.alloc(4)]).readUInt32BE(0))) >>>
      0
  return sum
}

/** The font file with its `cmap` table replaced by one that also maps `extra` (code point, glyph id). */
export function withCmapMappings(font: Buffer, extra: Array<[number, number]>): Buffer {
  const numTables = font.readUInt16BE(4)
  const tables = Array.from({ length: numTables }, (_, i) => {
    const rec = 12 + i * 16
    const tag = font.toString('latin1', rec, rec + 4)
    const offset = font.readUInt32BE(rec + 8)
    const data = font.subarray(offset, offset + font.readUInt32BE(rec + 12))
    return { tag, data: tag === 'cmap' ? cmapWith(data, extra) : data }
  })
  const dirSize = 12 + numTables * 16
  const out = Buffer.alloc(dirSize + tables.reduce((n, t) => n + align4(t.data.length), 0))
  font.copy(out, 0, 0, 12)
  let at = dirSize
  tables.forEach((t, i) => {
    const rec = 12 + i * 16
    out.write(t.tag, rec, 'latin1')
    out.writeUInt32BE(checksum(t.data), rec + 4)
    out.writeUInt32BE(at, rec + 8)
    out.writeUInt32BE(t.data.length, rec + 12)
    t.data.copy(out, at)
    at += align4(t.data.length)
  })
  return out
}
