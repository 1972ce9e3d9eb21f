import type { Canvas2D } from '../../canvas'
import { graphemesOf, textLength, wordsOf } from '../../segments'
import { Measurer, type Paragraph, prepareText, type TextContent, type TextStyle } from './content'

export interface TextLine {
  /** UTF-16 offsets in the content's text of what the line shows (trailing spaces left out). */
  start: number
  end: number
  /** The index of the paragraph the line belongs to. */
  paragraph: number
  /** The line was cut and ends in "…". */
  ellipsis: boolean
  /** Px at the layout's size. */
  width: number
}

export interface TextLayout {
  /** The font size the text is drawn at (smaller than asked when shrink-to-fit shrank it). */
  size: number
  /** Each line's text as shown (markers removed, "…" where cut). */
  lines: string[]
  /** Each line as the content's offsets, for drawing. */
  placed: TextLine[]
  content: TextContent
  lineHeightPx: number
  /** Widest line in px. */
  width: number
  /** True when text was cut (with an ellipsis) because it did not fit even at the smallest size. */
  truncated: boolean
}

// Punctuation that may not start a line, and openers that may not end one (Latin and CJK, JIS X 4051-lite).
const NO_START = new Set([
  ...',.;:!?)]}%、。，．：；！？）」』】〕〉》”’…‥ー々〻ゝゞヽヾ・·\u060C\u061B\u061F',
])
const NO_END = new Set([...'([{「『【〔〈《“‘'])

// Hyphens and dashes a line may end with but not start with after a word (UAX #14's HY and BA, rule LB21).
const HYPHENS = new Set([...'-\u2010\u2012\u2013'])
// Guillemets: « opens and » closes in French (spaced), the other way round in German (unspaced).
const GUILLEMETS = new Set([...'«»‹›'])
const CURRENCY = /^\p{Sc}$/u
const SPACE = /^\s$/
/** The last character of a segment (a whole segment of spaces, when it is one). */
const lastOf = (s: string | undefined) => (s === undefined ? '' : (s[s.length - 1] ?? ''))

/**
 * The pieces a paragraph may break between: words with their trailing spaces, punctuation glued on. Besides
 * the no-start and no-end sets, a word keeps the hyphen after it (Fitzgerald-|Ávila), a currency sign keeps
 * the word or figure on either side it touches (€12.50, US$), and a guillemet stays with its words: unspaced
 * (German »Text«) on both sides; spaced (French « mot »), an opening one with the word after it and a closing
 * one with the word before. Each segment is judged by its neighbours alone, so the time is linear in the text.
 */
export function breakPieces(paragraph: string): string[] {
  const pieces: string[] = []
  const segments = [...wordsOf(paragraph)].map((w) => w.segment)
  segments.forEach((segment, i) => {
    const last = pieces.length - 1
    const before = lastOf(segments[i - 1])
    const first = segment[0] ?? ''
    const spaced = SPACE.test(before)
    const next = segments[i + 1]
    const glued =
      last >= 0 &&
      (/^\s+$/.test(segment) ||
        NO_START.has(first) ||
        NO_END.has(before) ||
        (!spaced && (HYPHENS.has(first) || GUILLEMETS.has(first) || CURRENCY.test(first))) ||
        (!spaced && (CURRENCY.test(before) || GUILLEMETS.has(before))) ||
        // Spaced, as French sets them, » closes (it may not start a line) and « opens (it may not end one).
        (spaced && (segment === '»' || segment === '›') && (next === undefined || /^\s/.test(next))) ||
        (spaced &&
          (segments[i - 2] === '«' || segments[i - 2] === '‹') &&
          (i < 3 || SPACE.test(lastOf(segments[i - 3])))))
    if (glued) pieces[last] += segment
    else pieces.push(segment)
  })
  return pieces
}

interface Piece {
  start: number
  /** Where its trailing spaces start. */
  trimEnd: number
  end: number
}

type Range = { start: number; end: number }

function piecesOf(content: TextContent, p: Paragraph): Piece[] {
  let at = p.start
  return breakPieces(content.text.slice(p.start, p.end)).map((text) => {
    const start = at
    at += text.length
    return { start, trimEnd: start + text.trimEnd().length, end: at }
  })
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

/**
 * Greedy lines of a paragraph at a width, and whether a word had to be split because it is wider than the
 * box alone (a long URL, a long German word: split between graphemes).
 */
function greedyLines(m: Measurer, pieces: Piece[], maxWidth: number) {
  const lines: Range[] = []
  let split = false
  let line: { start: number; end: number; full: number } | undefined
  for (const pc of pieces) {
    const trimmed = m.width(pc.start, pc.trimEnd)
    const full = pc.trimEnd === pc.end ? trimmed : m.width(pc.start, pc.end)
    if (line && line.full + trimmed <= maxWidth) {
      line.end = pc.trimEnd
      line.full += full
      continue
    }
    if (line) lines.push({ start: line.start, end: line.end })
    line = { start: pc.start, end: pc.trimEnd, full }
    if (trimmed <= maxWidth) continue
    split = true
    let chunk = pc.start
    for (const { segment, index } of graphemesOf(m.content.text.slice(pc.start, pc.trimEnd))) {
      const g = pc.start + index
      if (g > chunk && m.width(chunk, g + segment.length) > maxWidth) {
        lines.push({ start: chunk, end: g })
        chunk = g
      }
    }
    line = { start: chunk, end: pc.trimEnd, full: m.width(chunk, pc.end) }
  }
  if (line) lines.push({ start: line.start, end: line.end })
  return { lines, split }
}

/**
 * No paragraph ends with one word alone on its last line (a widow; in Chinese and Japanese one or two
 * characters, "孤字"): the line above gives up its last word when it keeps two or more (three characters in
 * CJK), and the moved word is a whole word. That line only gets shorter, so it still fits.
 */
function avoidWidow(m: Measurer, pieces: Piece[], lines: Range[], maxWidth: number): Range[] {
  const last = lines[lines.length - 1]
  const prev = lines[lines.length - 2]
  if (!last || !prev) return lines
  const text = m.content.text
  const inLine = (r: Range) => pieces.filter((pc) => pc.start >= r.start && pc.trimEnd <= r.end)
  const lastPieces = inLine(last)
  const prevPieces = inLine(prev)
  const moved = prevPieces[prevPieces.length - 1]
  if (!moved || prevPieces.length < 2 || lastPieces.length === 0 || moved.end !== last.start) return lines
  const lastText = text.slice(last.start, last.end)
  const cjk = CJK.test(lastText[0] ?? '')
  const widow = cjk ? textLength(lastText) <= 2 : lastPieces.length === 1
  const keeps = cjk
    ? textLength(text.slice(moved.start, moved.trimEnd)) <= 3 &&
      textLength(text.slice(prev.start, moved.start)) >= 3
    : prevPieces.length >= 3
  if (!widow || !keeps || m.width(moved.start, last.end) > maxWidth) return lines
  const rest = prevPieces[prevPieces.length - 2] as Piece
  return [
    ...lines.slice(0, -2),
    { start: prev.start, end: rest.trimEnd },
    { start: moved.start, end: last.end },
  ]
}

/**
 * A paragraph's lines: greedy, then made even (`balance`: the narrowest width that keeps the same number of
 * lines, as CSS's `text-wrap: balance`), then without a widow.
 */
function wrapParagraph(m: Measurer, p: Paragraph, maxWidth: number, style: TextStyle) {
  const whole = { start: p.start, end: p.start + m.content.text.slice(p.start, p.end).trimEnd().length }
  if (!style.wrap || m.width(whole.start, whole.end) <= maxWidth) return { lines: [whole], split: false }
  const pieces = piecesOf(m.content, p)
  let { lines, split } = greedyLines(m, pieces, maxWidth)
  if (split) return { lines, split }
  if (style.balance) {
    let lo = 0
    let hi = maxWidth
    for (let i = 0; i < 12 && hi - lo > 1; i++) {
      const mid = (lo + hi) / 2
      const at = greedyLines(m, pieces, mid)
      if (!at.split && at.lines.length === lines.length) hi = mid
      else lo = mid
    }
    lines = greedyLines(m, pieces, hi).lines
  }
  return { lines: avoidWidow(m, pieces, lines, maxWidth), split }
}

function linesAt(ctx: Canvas2D, content: TextContent, style: TextStyle, size: number, maxWidth: number) {
  const m = new Measurer(ctx, content, style, size)
  const lines: TextLine[] = []
  let split = false
  content.paragraphs.forEach((p, paragraph) => {
    const wrapped = wrapParagraph(m, p, maxWidth, style)
    split ||= wrapped.split
    for (const r of wrapped.lines)
      lines.push({ ...r, paragraph, ellipsis: false, width: m.width(r.start, r.end) })
  })
  return { lines, split, m }
}

/** The most lines that fit: the box's height and maxLines, and at least one. */
const lineBudget = (style: TextStyle, size: number, boxHeight: number) => {
  const byHeight = Math.max(1, Math.floor((boxHeight + 0.5) / (size * style.lineHeight)))
  return Math.min(byHeight, style.maxLines ?? Number.POSITIVE_INFINITY)
}

const widest = (lines: TextLine[]) => Math.max(0, ...lines.map((l) => l.width))

/**
 * Breaks text into lines for a box: wraps at word boundaries (any CJK character boundary), keeps
 * punctuation off line starts and single words off paragraph ends, and with `minSize` set shrinks the font
 * (largest whole px size that fits) until every line fits the box and maxLines. What still does not fit is
 * cut with an ellipsis, and the layout says so (`truncated`).
 */
export function layoutText(
  ctx: Canvas2D,
  text: string | TextContent,
  style: TextStyle,
  box: { w: number; h: number },
): TextLayout {
  const content = typeof text === 'string' ? prepareText(text, style) : text
  // While shrinking, a size at which some word had to be split does not count as fitting: smaller type
  // reads better than a word cut in two.
  const fits = (at: { lines: TextLine[]; split: boolean }, size: number, shrinking = false) =>
    at.lines.length <= lineBudget(style, size, box.h) &&
    (style.wrap || widest(at.lines) <= box.w) &&
    !(shrinking && at.split)
  let size = style.size
  let at = linesAt(ctx, content, style, size, box.w)
  const minSize = style.minSize
  if (!fits(at, size, true) && minSize !== undefined && minSize < size) {
    // Binary search over whole px sizes: the largest size in [minSize, size) that fits.
    const largestFitting = (noSplit: boolean) => {
      let lo = Math.ceil(minSize)
      let hi = Math.ceil(size) - 1
      let best: { size: number; at: ReturnType<typeof linesAt> } | undefined
      while (lo <= hi) {
        const mid = Math.floor((lo + hi) / 2)
        const tried = linesAt(ctx, content, style, mid, box.w)
        if (fits(tried, mid, noSplit)) {
          best = { size: mid, at: tried }
          lo = mid + 1
        } else hi = mid - 1
      }
      return best
    }
    const best = largestFitting(true) ?? largestFitting(false)
    size = best?.size ?? minSize
    at = best?.at ?? linesAt(ctx, content, style, size, box.w)
  }
  let lines = at.lines
  let truncated = false
  const budget = lineBudget(style, size, box.h)
  if (lines.length > budget || !fits(at, size)) {
    truncated = true
    lines = lines.slice(0, budget)
    const last = lines[lines.length - 1]
    if (last) lines[lines.length - 1] = ellipsize(at.m, last, box.w)
  }
  return {
    size,
    lines: lines.map((l) => content.text.slice(l.start, l.end) + (l.ellipsis ? '…' : '')),
    placed: lines,
    content,
    lineHeightPx: size * style.lineHeight,
    width: widest(lines),
    truncated,
  }
}

/** Cuts a line (between graphemes) so that it and an ellipsis fit the width. */
function ellipsize(m: Measurer, line: TextLine, maxWidth: number): TextLine {
  const text = m.content.text
  const cuts = [...graphemesOf(text.slice(line.start, line.end))].map((g) => line.start + g.index)
  let end = line.end
  const trimmed = (e: number) => line.start + text.slice(line.start, e).trimEnd().length
  while (end > line.start && m.width(line.start, trimmed(end)) + m.ellipsisWidth(trimmed(end)) > maxWidth)
    end = cuts.filter((c) => c < end).pop() ?? line.start
  end = trimmed(end)
  return { ...line, end, ellipsis: true, width: m.width(line.start, end) + m.ellipsisWidth(end) }
}
