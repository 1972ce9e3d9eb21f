import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type * as Fontkit from 'fontkit'
import { withCmapMappings } from './cmap'

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
