import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type * as Fontkit from 'fontkit'

// fontkit is loaded on the first emoji drawn, not when the server starts.
const require = createRequire(import.meta.url)

/**
 * Skia's text shaping cuts an emoji ZWJ sequence in two where a character that is text by default (🏳, ❤,
 * ⛓) is joined to one that is emoji by default (🌈, 🔥, 🩹, 💥): 🏳️‍🌈 came out as a white flag and a
 * rainbow, although the font has the flag and HarfBuzz alone forms it. Those sequences are given a code
 * point of their own in the private use area, mapped in the font's `cmap` to the glyph its ligature makes,
 * and the text is drawn and measured with that code point. Other sequences draw as they are.
 */

/** The RGI sequences Skia splits (a text-default pictograph, then ZWJ and an emoji-default one). */
const SPLIT_SEQUENCES = ['🏳️‍🌈', '❤️‍🔥', '❤️‍🩹', '⛓️‍💥']
/** Supplementary Private Use Area-A, from its start. */
const FIRST_PRIVATE = 0xf0000

const withoutVs16 = (s: string) => s.replace(/\uFE0F/g, '')
let joined: Map<string, string> | undefined
let pattern: RegExp | undefined

/**
 * The emoji font with the private code points added, read once: the file, the glyph each split sequence
 * forms (fontkit shapes it as HarfBuzz does), and a new `cmap`.
 */
export function joinedEmojiFont(file: string): Buffer {
  const bytes = readFileSync(file)
  const fontkit = require('fontkit') as typeof Fontkit
  const font = fontkit.create(bytes) as Fontkit.Font
  const extra: Array<[number, number]> = []
  joined = new Map()
  SPLIT_SEQUENCES.forEach((seq, i) => {
    const glyphs = font.layout(seq).glyphs.filter((g) => g.advanceWidth > 0)
    if (glyphs.length !== 1 || !glyphs[0]) return
    extra.push([FIRST_PRIVATE + i, glyphs[0].id])
    joined?.set(withoutVs16(seq), String.fromCodePoint(FIRST_PRIVATE + i))
  })
  pattern = new RegExp(
    [...joined.keys()].map((k) => [...k].map((ch) => `${ch}\\uFE0F?`).join('')).join('|'),
    'gu',
  )
  return withCmapMappings(bytes, extra)
}

/** A text with the sequences Skia would split replaced by their private code points. */
export function joinSplitEmoji(text: string): string {
  if (!pattern || !joined || !text.includes('\u200D')) return text
  const map = joined
  return text.replace(pattern, (seq) => map.get(withoutVs16(seq)) ?? seq)
}

const align4 = (n: number) => (n + 3) & ~3

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
  const out = Buffer.alloc(16 + all.length * 12)
  out.writeUInt16BE(12, 0)
  out.writeUInt32BE(out.length, 4)
  out.writeUInt32BE(cmap.readUInt32BE(at + 8), 8) // language
  out.writeUInt32BE(all.length, 12)
  all.forEach(([start, end, glyph], i) => {
    out.writeUInt32BE(start, 16 + i * 12)
    out.writeUInt32BE(end, 20 + i * 12)
    out.writeUInt32BE(glyph, 24 + i * 12)
  })
  return out
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

/** A new `cmap`: every subtable as it was, format 12 ones with the extra mappings. */
function cmapWith(cmap: Buffer, extra: Array<[number, number]>): Buffer {
  const records = Array.from({ length: cmap.readUInt16BE(2) }, (_, i) => ({
    platform: cmap.readUInt16BE(4 + i * 8),
    encoding: cmap.readUInt16BE(6 + i * 8),
    offset: cmap.readUInt32BE(8 + i * 8),
  }))
  const header = 4 + records.length * 8
  const written = new Map<number, number>()
  const parts: Buffer[] = []
  let size = header
  for (const r of records) {
    if (written.has(r.offset)) continue
    const sub =
      cmap.readUInt16BE(r.offset) === 12
        ? format12With(cmap, r.offset, extra)
        : cmap.subarray(r.offset, r.offset + subtableLength(cmap, r.offset))
    written.set(r.offset, size)
    parts.push(sub)
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
  return Buffer.concat([head, ...parts])
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

const joining = new WeakSet<object>()

/**
 * Makes a Skia context draw and measure the split sequences whole: its `fillText` and `measureText` take
 * the text with them replaced (a no-op for a text without ZWJ). A context made so already is left as it is
 * (a kept surface's context is handed out again).
 */
export function joiningEmoji<
  C extends { fillText(t: string, x: number, y: number): void; measureText(t: string): unknown },
>(ctx: C): C {
  if (joining.has(ctx)) return ctx
  joining.add(ctx)
  const fill = ctx.fillText.bind(ctx)
  const measure = ctx.measureText.bind(ctx)
  ctx.fillText = (t: string, x: number, y: number) => fill(joinSplitEmoji(t), x, y)
  ctx.measureText = ((t: string) => measure(joinSplitEmoji(t))) as C['measureText']
  return ctx
}
