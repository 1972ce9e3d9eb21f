import { brotliCompressSync, constants, deflateSync } from 'node:zlib'

/**
 * Font files built byte by byte for the font limit tests: a real font's tables, put in another container or
 * with one table replaced, and the character maps and headers a hostile file would hold.
 */

/** The tables of a TrueType or OpenType file, by tag, in the order of its directory. */
export function tablesOf(font: Uint8Array): Map<string, Uint8Array> {
  const b = Buffer.from(font.buffer, font.byteOffset, font.byteLength)
  const tables = new Map<string, Uint8Array>()
  for (let i = 0; i < b.readUInt16BE(4); i++) {
    const at = 12 + 16 * i
    const offset = b.readUInt32BE(at + 8)
    tables.set(b.toString('latin1', at, at + 4), b.subarray(offset, offset + b.readUInt32BE(at + 12)))
  }
  return tables
}

/** Tables by tag, in order; an array may name a tag twice. */
export type Tables = Map<string, Uint8Array> | Array<[string, Uint8Array]>

const padded = (n: number) => (n + 3) & ~3

/** A TrueType file of these tables (checksums left 0: no reader here checks them). */
export function sfnt(tables: Tables): Buffer {
  const list = [...tables]
  const head = Buffer.alloc(12 + 16 * list.length)
  head.writeUInt32BE(0x00010000, 0)
  head.writeUInt16BE(list.length, 4)
  let offset = head.length
  const bodies: Buffer[] = []
  list.forEach(([tag, data], i) => {
    head.write(tag, 12 + 16 * i, 'latin1')
    head.writeUInt32BE(offset, 12 + 16 * i + 8)
    head.writeUInt32BE(data.byteLength, 12 + 16 * i + 12)
    const body = Buffer.alloc(padded(data.byteLength))
    body.set(data)
    bodies.push(body)
    offset += body.length
  })
  return Buffer.concat([head, ...bodies])
}

/** A real font with its cmap table replaced. */
export const withCmap = (font: Uint8Array, cmap: Uint8Array) =>
  sfnt([...tablesOf(font)].map(([tag, data]): [string, Uint8Array] => [tag, tag === 'cmap' ? cmap : data]))

/** A cmap table of these subtables, each under its own Windows encoding record. */
export function cmapTable(...subtables: Buffer[]): Buffer {
  const head = Buffer.alloc(4 + 8 * subtables.length)
  head.writeUInt16BE(subtables.length, 2)
  let offset = head.length
  subtables.forEach((s, i) => {
    head.writeUInt16BE(3, 4 + 8 * i)
    head.writeUInt16BE(s.readUInt16BE(0) === 12 ? 10 : 1, 4 + 8 * i + 2)
    head.writeUInt32BE(offset, 4 + 8 * i + 4)
    offset += s.byteLength
  })
  return Buffer.concat([head, ...subtables])
}

/** A format 4 subtable of these [first, last] segments (each to glyph code + 1) and the closing 0xFFFF. */
export function format4(segments: Array<[number, number]>): Buffer {
  const all = [...segments, [0xffff, 0xffff] as [number, number]]
  const n = all.length
  const b = Buffer.alloc(16 + 8 * n)
  b.writeUInt16BE(4, 0)
  b.writeUInt16BE(Math.min(0xffff, b.length), 2)
  b.writeUInt16BE(2 * n, 6)
  all.forEach(([first, last], i) => {
    b.writeUInt16BE(last, 14 + 2 * i)
    b.writeUInt16BE(first, 16 + 2 * n + 2 * i)
    b.writeUInt16BE(1, 16 + 4 * n + 2 * i)
  })
  return b
}

/** A format 12 subtable of these [first, last] groups, each from glyph 1. */
export function format12(groups: Array<[number, number]>): Buffer {
  const b = Buffer.alloc(16 + 12 * groups.length)
  b.writeUInt16BE(12, 0)
  b.writeUInt32BE(b.length, 4)
  b.writeUInt32BE(groups.length, 12)
  groups.forEach(([first, last], i) => {
    b.writeUInt32BE(first, 16 + 12 * i)
    b.writeUInt32BE(last, 20 + 12 * i)
    b.writeUInt32BE(1, 24 + 12 * i)
  })
  return b
}

/** A WOFF file of these tables, each deflated; `origLength` overrides what the directory declares. */
export function woff(tables: Tables, origLength: Record<string, number> = {}): Buffer {
  const list = [...tables]
  const head = Buffer.alloc(44 + 20 * list.length)
  head.write('wOFF', 0, 'latin1')
  head.writeUInt32BE(0x00010000, 4)
  head.writeUInt16BE(list.length, 12)
  let offset = head.length
  let total = 12 + 16 * list.length
  const bodies: Buffer[] = []
  list.forEach(([tag, data], i) => {
    const deflated = deflateSync(data)
    const stored = deflated.length < data.byteLength ? deflated : Buffer.from(data)
    const at = 44 + 20 * i
    head.write(tag, at, 'latin1')
    head.writeUInt32BE(offset, at + 4)
    head.writeUInt32BE(stored.length, at + 8)
    head.writeUInt32BE(origLength[tag] ?? data.byteLength, at + 12)
    const body = Buffer.alloc(padded(stored.length))
    body.set(stored)
    bodies.push(body)
    offset += body.length
    total += padded(data.byteLength)
  })
  head.writeUInt32BE(offset, 8)
  head.writeUInt32BE(total, 16)
  return Buffer.concat([head, ...bodies])
}

/** Brotli at a quality that takes milliseconds, not seconds, for a whole font. */
export const brotli = (data: Uint8Array) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })

/** UIntBase128 (WOFF2 §4.1). */
function base128(n: number): Buffer {
  const bytes = [n & 0x7f]
  for (let rest = Math.floor(n / 128); rest > 0; rest = Math.floor(rest / 128))
    bytes.unshift(0x80 | (rest & 0x7f))
  return Buffer.from(bytes)
}

const WOFF2_INDEX: Record<string, number> = {
  cmap: 0,
  head: 1,
  hhea: 2,
  hmtx: 3,
  maxp: 4,
  name: 5,
  'OS/2': 6,
  post: 7,
  glyf: 10,
  loca: 11,
}

export interface Woff2Options {
  /** What the directory declares of a table's length, instead of its real length. */
  declared?: Record<string, number>
  /** The brotli data, instead of the tables' compressed. */
  compressed?: Uint8Array
  flavor?: string
}

/**
 * A WOFF2 file of these tables, none transformed (glyf and loca with the null transform): a file fontkit and
 * FreeType read, brotli-compressed as one stream.
 */
export function woff2(tables: Tables, o: Woff2Options = {}): Buffer {
  const list = [...tables]
  const directory = Buffer.concat(
    list.map(([tag, data]) => {
      const index = WOFF2_INDEX[tag]
      const nullTransform = tag === 'glyf' || tag === 'loca' ? 3 << 6 : 0
      const flags = Buffer.from([(index ?? 63) | nullTransform])
      const custom = index === undefined ? Buffer.from(tag, 'latin1') : Buffer.alloc(0)
      return Buffer.concat([flags, custom, base128(o.declared?.[tag] ?? data.byteLength)])
    }),
  )
  const compressed = o.compressed ?? brotli(Buffer.concat(list.map(([, d]) => d)))
  const head = Buffer.alloc(48)
  head.write('wOF2', 0, 'latin1')
  head.write(o.flavor ?? '\0\x01\0\0', 4, 'latin1')
  head.writeUInt32BE(48 + directory.length + compressed.byteLength, 8)
  head.writeUInt16BE(list.length, 12)
  const declared = list.reduce((sum, [tag, d]) => sum + padded(o.declared?.[tag] ?? d.byteLength), 0)
  head.writeUInt32BE(Math.min(0xffffffff, 12 + 16 * list.length + declared), 16)
  head.writeUInt32BE(compressed.byteLength, 20)
  head.writeUInt16BE(1, 24)
  return Buffer.concat([head, directory, compressed])
}
