import type { Canvas2D } from '../../canvas'
import { cssFont, type FontFamily } from '../../fonts'

export interface TextStyle {
  family: FontFamily
  weight: number
  /** Font size in px before shrink-to-fit. */
  size: number
  lineHeight: number
  /** In em. */
  letterSpacing: number
  wrap: boolean
  maxLines?: number
  minSize?: number
}

export interface TextLayout {
  /** The font size the text is drawn at (smaller than asked when shrink-to-fit shrank it). */
  size: number
  lines: string[]
  lineHeightPx: number
  /** Widest line in px. */
  width: number
  /** True when text was cut (with an ellipsis) because it did not fit even at the smallest size. */
  truncated: boolean
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' })
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

// Punctuation that may not start a line, and openers that may not end one (Latin and CJK, JIS X 4051-lite).
const NO_START = new Set([
  ...',.;:!?)]}%、。，．：；！？）」』】〕〉》”’…‥ー々〻ゝゞヽヾ・·\u060C\u061B\u061F',
])
const NO_END = new Set([...'([{「『【〔〈《“‘'])

/** The pieces a paragraph may break between: words with their trailing spaces, punctuation glued on. */
export function breakPieces(paragraph: string): string[] {
  const pieces: string[] = []
  for (const { segment } of words.segment(paragraph)) {
    const last = pieces.length - 1
    const prev = pieces[last]
    if (
      prev !== undefined &&
      (/^\s+$/.test(segment) || NO_START.has(segment[0] ?? '') || NO_END.has(prev[prev.length - 1] ?? ''))
    )
      pieces[last] = prev + segment
    else pieces.push(segment)
  }
  return pieces
}

/** Sets the context's font for a style at a size; measuring and drawing both go through this. */
export function applyFont(ctx: Canvas2D, style: TextStyle, size: number) {
  ctx.font = cssFont(style.family, style.weight, size)
  ctx.letterSpacing = `${style.letterSpacing * size}px`
}

/** Lines of a paragraph, and whether a word had to be split because it is wider than the box alone. */
function wrapParagraph(ctx: Canvas2D, paragraph: string, maxWidth: number, wrap: boolean) {
  const width = (s: string) => ctx.measureText(s).width
  if (!wrap || width(paragraph) <= maxWidth) return { lines: [paragraph], split: false }
  const lines: string[] = []
  let split = false
  let line = ''
  // A piece wider than the box on its own is split between graphemes (a long URL, a long German word).
  const placeLong = (piece: string) => {
    split = true
    let chunk = ''
    for (const { segment } of graphemes.segment(piece)) {
      if (chunk && width((chunk + segment).trimEnd()) > maxWidth) {
        lines.push(chunk)
        chunk = ''
      }
      chunk += segment
    }
    line = chunk
  }
  for (const piece of breakPieces(paragraph)) {
    const candidate = line + piece
    if (width(candidate.trimEnd()) <= maxWidth) line = candidate
    else {
      if (line) lines.push(line.trimEnd())
      line = ''
      if (width(piece.trimEnd()) > maxWidth) placeLong(piece)
      else line = piece
    }
  }
  if (line || lines.length === 0) lines.push(line.trimEnd())
  return { lines: avoidCjkWidow(lines), split }
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u
/**
 * A Chinese or Japanese paragraph should not end with one character alone on its last line (a widow,
 * "孤字"): the previous line gives up its last word (of up to three characters), so a word is not cut
 * apart. That line only gets shorter, so it still fits.
 */
function avoidCjkWidow(lines: string[]): string[] {
  const last = lines[lines.length - 1] ?? ''
  const prev = lines[lines.length - 2]
  const lastChars = [...graphemes.segment(last)].map((s) => s.segment)
  if (prev === undefined || lastChars.length > 2 || !CJK.test(lastChars[0] ?? '')) return lines
  const prevWords = [...words.segment(prev)].map((s) => s.segment)
  const moved = prevWords[prevWords.length - 1] ?? ''
  const movedLength = [...graphemes.segment(moved)].length
  const rest = prevWords.slice(0, -1).join('')
  if (movedLength > 3 || [...graphemes.segment(rest)].length < 3 || !CJK.test(moved)) return lines
  return [...lines.slice(0, -2), rest, moved + last]
}

function linesAt(ctx: Canvas2D, text: string, style: TextStyle, size: number, maxWidth: number) {
  applyFont(ctx, style, size)
  const paragraphs = text.split(/\r?\n/).map((p) => wrapParagraph(ctx, p, maxWidth, style.wrap))
  return Object.assign(
    paragraphs.flatMap((p) => p.lines),
    { split: paragraphs.some((p) => p.split) },
  )
}

/** The most lines that fit: the box's height and maxLines, and at least one. */
const lineBudget = (style: TextStyle, size: number, boxHeight: number) => {
  const byHeight = Math.max(1, Math.floor((boxHeight + 0.5) / (size * style.lineHeight)))
  return Math.min(byHeight, style.maxLines ?? Number.POSITIVE_INFINITY)
}

const widest = (ctx: Canvas2D, lines: string[]) => Math.max(0, ...lines.map((l) => ctx.measureText(l).width))

/**
 * Breaks text into lines for a box: wraps at word boundaries (any CJK character boundary), keeps
 * punctuation off line starts, and with `minSize` set shrinks the font (largest whole px size that fits)
 * until every line fits the box and maxLines. What still does not fit is cut with an ellipsis.
 */
export function layoutText(
  ctx: Canvas2D,
  text: string,
  style: TextStyle,
  box: { w: number; h: number },
): TextLayout {
  // While shrinking, a size at which some word had to be split does not count as fitting: smaller type
  // reads better than a word cut in two.
  const fits = (lines: string[] & { split?: boolean }, size: number, shrinking = false) =>
    lines.length <= lineBudget(style, size, box.h) &&
    (style.wrap || widest(ctx, lines) <= box.w) &&
    !(shrinking && lines.split)
  let size = style.size
  let lines: string[] = linesAt(ctx, text, style, size, box.w)
  const minSize = style.minSize
  if (!fits(lines, size, true) && minSize !== undefined && minSize < size) {
    // Binary search over whole px sizes: the largest size in [minSize, size) that fits.
    const largestFitting = (noSplit: boolean) => {
      let lo = Math.ceil(minSize)
      let hi = Math.ceil(size) - 1
      let best: { size: number; lines: string[] } | undefined
      while (lo <= hi) {
        const mid = Math.floor((lo + hi) / 2)
        const at = linesAt(ctx, text, style, mid, box.w)
        if (fits(at, mid, noSplit)) {
          best = { size: mid, lines: at }
          lo = mid + 1
        } else hi = mid - 1
      }
      return best
    }
    const best = largestFitting(true) ?? largestFitting(false)
    size = best?.size ?? minSize
    lines = best?.lines ?? linesAt(ctx, text, style, size, box.w)
  }
  applyFont(ctx, style, size)
  let truncated = false
  const budget = lineBudget(style, size, box.h)
  if (lines.length > budget || !fits(lines, size)) {
    truncated = true
    lines = lines.slice(0, budget)
    lines[lines.length - 1] = ellipsize(ctx, lines[lines.length - 1] ?? '', box.w)
  }
  // A plain array: the breaking pass marks its lines with `split`, which is no part of the layout.
  return {
    size,
    lines: [...lines],
    lineHeightPx: size * style.lineHeight,
    width: widest(ctx, lines),
    truncated,
  }
}

/** Cuts a line (between graphemes) so that it and an ellipsis fit the width. */
function ellipsize(ctx: Canvas2D, line: string, maxWidth: number): string {
  const parts = [...graphemes.segment(line)].map((s) => s.segment)
  while (parts.length && ctx.measureText(`${parts.join('').trimEnd()}…`).width > maxWidth) parts.pop()
  return `${parts.join('').trimEnd()}…`
}

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/
const STRONG = /[\p{L}]/u
/** The direction of a text by its first strong character (Unicode bidi rule P2); LTR when it has none. */
export function textDirection(text: string): 'ltr' | 'rtl' {
  for (const ch of text) {
    if (RTL.test(ch)) return 'rtl'
    if (STRONG.test(ch)) return 'ltr'
  }
  return 'ltr'
}
