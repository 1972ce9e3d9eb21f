import type { Canvas2D } from '../../canvas'
import { graphemesOf, textLength } from '../../segments'
import { HYPHEN, Measurer, type Paragraph, prepareText, type TextContent, type TextStyle } from './content'
import { hyphenationPoints } from './hyphenation'
import { inkClearShifts, linePieces } from './ink'
import { lineBreaks, NO_END, NO_START, SPACE, wordSegmentBreaks } from './line-breaks'

export interface TextLine {
  /** UTF-16 offsets in the content's text of what the line shows (trailing spaces left out). */
  start: number
  end: number
  /** The index of the paragraph the line belongs to. */
  paragraph: number
  /** The line was cut and ends in "…". */
  ellipsis: boolean
  /** The line breaks inside a word (at a soft hyphen, a hyphenation point, or a cut by force) and ends in a hyphen it adds. */
  hyphen: boolean
  /** Px at the layout's size. */
  width: number
  /**
   * A justified line: the px each word space (U+0020, U+00A0) widens by, or, in a line of Chinese or Japanese
   * without spaces, the px added between its characters, so the line spans the box.
   */
  wordGap?: number
  letterGap?: number
}

export interface TextLayout {
  /** The font size the text is drawn at (smaller than asked when shrink-to-fit shrank it). */
  size: number
  /** Each line's text as shown (markers and soft hyphens removed, "…" where cut, "-" where hyphenated). */
  lines: string[]
  /** Each line as the content's offsets, for drawing. */
  placed: TextLine[]
  content: TextContent
  lineHeightPx: number
  /** Widest line in px. */
  width: number
  /** True when text was cut (with an ellipsis) because it did not fit even at the smallest size. */
  truncated: boolean
  /** How far each line moves down so that its ink clears the line before's (all 0 with `fixed` spacing). */
  shifts: number[]
}

/**
 * The pieces a paragraph may break between (words with their trailing spaces, punctuation glued on), at the
 * breaks `lineBreaks` allows, or for a text saved before format 4 (`words`) those it broke at then.
 */
export function breakPieces(paragraph: string, rule?: 'words'): string[] {
  const breaks = rule === 'words' ? wordSegmentBreaks(paragraph) : lineBreaks(paragraph)
  return breaks.map((at, i) => paragraph.slice(breaks[i - 1] ?? 0, at))
}

interface Piece {
  start: number
  /** Where its trailing spaces start. */
  trimEnd: number
  end: number
  /** Where a line may break inside it with a hyphen (soft hyphens, then the language's patterns), once asked. */
  soft?: number[]
}

type Range = { start: number; end: number; hyphen?: boolean }

function piecesOf(content: TextContent, p: Paragraph, rule: TextStyle['lineBreaks']): Piece[] {
  let at = p.start
  return breakPieces(content.text.slice(p.start, p.end), rule).map((text) => {
    const start = at
    at += text.length
    return { start, trimEnd: start + text.trimEnd().length, end: at }
  })
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
/** The letters of scripts written with spaces between words, whose words a forced cut hyphenates. */
const SPACED_LETTER = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]$/u
/** A letter's marks (a decomposed é) end a grapheme as the letter would. */
const MARK = /^\p{M}$/u
/** An address (a URL, an e-mail, a path) is cut without a hyphen, which a reader would take as part of it. */
const ADDRESS = /[/@]|:\/\/|\.\p{L}/u

/** The text between the spaces around a piece: a whole address, which the segmenter cuts into pieces. */
function spaceless(text: string, pc: Piece): string {
  let start = pc.start
  while (start > 0 && !SPACE.test(text[start - 1] ?? ' ')) start--
  let end = pc.trimEnd
  while (end < text.length && !SPACE.test(text[end] ?? ' ')) end++
  return text.slice(start, end)
}

/** The language a stretch starting at `at` is written in: a value's declared one, else the text's. */
function languageAt(content: TextContent, at: number, fallback: string | undefined) {
  return content.langs.find((s) => s.start <= at && at < s.end)?.lang ?? fallback
}

/**
 * Where a piece may break with a hyphen: at its soft hyphens, and, with hyphenation on, where its language's
 * patterns allow. Asked only of a piece that does not fit, and kept on it.
 */
function softBreaks(m: Measurer, pc: Piece, hyphenate: string | undefined): number[] {
  if (pc.soft) return pc.soft
  const { softHyphens, text } = m.content
  const marked = softHyphens.filter((at) => at > pc.start && at < pc.trimEnd)
  let soft = marked
  // A word with soft hyphens breaks at those alone, as a browser's `hyphens: auto` does.
  if (hyphenate && marked.length === 0) {
    const word = text.slice(pc.start, pc.trimEnd)
    soft = hyphenationPoints(word, languageAt(m.content, pc.start, hyphenate)).map((at) => pc.start + at)
  }
  pc.soft = soft
  return soft
}

/** The last soft break of a piece after `from` at which the part from `from`, with its hyphen, is `room` wide or less. */
function softCut(m: Measurer, pc: Piece, from: number, room: number, hyphenate: string | undefined) {
  const breaks = softBreaks(m, pc, hyphenate)
  for (let i = breaks.length - 1; i >= 0; i--) {
    const at = breaks[i] as number
    if (at <= from) return undefined
    if (m.width(from, at) + m.hyphenWidth(at) <= room) return at
  }
  return undefined
}

/**
 * Where a word wider than the box alone is cut by force, from `from`: after as many graphemes as fit (one at
 * least), with the hyphen the cut gets between two letters of a script written with spaces (not in an
 * address); never before a character that may not start a line nor after one that may not end it (「キャッシュ」は
 * leaves キャッシュ」 together), unless that would leave nothing on the line.
 */
function forcedCut(m: Measurer, pc: Piece, from: number, maxWidth: number): Range {
  const text = m.content.text
  const word = text.slice(from, pc.trimEnd)
  const address = ADDRESS.test(spaceless(text, pc))
  const before = (at: number) => {
    let i = at - 1
    while (i > 0 && MARK.test(text[i] ?? '')) i--
    return text[i] ?? ''
  }
  const hyphenAt = (at: number) =>
    !address && SPACED_LETTER.test(before(at)) && SPACED_LETTER.test(text[at] ?? '')
  const cuts: number[] = []
  let fit = -1
  for (const { index } of graphemesOf(word)) {
    const at = from + index
    if (at === from) continue
    cuts.push(at)
    if (m.width(from, at) + (hyphenAt(at) ? m.hyphenWidth(at) : 0) > maxWidth) break
    fit = cuts.length - 1
  }
  if (cuts.length === 0) return { start: from, end: pc.trimEnd }
  if (fit < 0) fit = 0
  let i = fit
  const startsBadly = (at: number) => NO_START.has(text[at] ?? '') || NO_END.has(text[at - 1] ?? '')
  while (i > 0 && startsBadly(cuts[i] as number)) i--
  const end = (startsBadly(cuts[i] as number) ? cuts[fit] : cuts[i]) ?? pc.trimEnd
  return { start: from, end, hyphen: hyphenAt(end) }
}

/**
 * Greedy lines of a paragraph at a width, and whether a word had to be cut by force because it is wider than
 * the box alone (a long URL, a long German word: cut between graphemes). A word that does not fit where the
 * line is at breaks at a soft hyphen or (with `hyphenate`) a hyphenation point that fits, with a hyphen; that
 * is not a cut by force.
 */
function greedyLines(m: Measurer, pieces: Piece[], maxWidth: number, hyphenate: string | undefined) {
  const lines: Range[] = []
  let split = false
  let line: { start: number; end: number; full: number } | undefined
  for (const pc of pieces) {
    let from = pc.start
    for (;;) {
      const trimmed = m.width(from, pc.trimEnd)
      if (line && line.full + trimmed <= maxWidth) {
        line.end = pc.trimEnd
        line.full += pc.trimEnd === pc.end ? trimmed : m.width(from, pc.end)
        break
      }
      if (!line && trimmed <= maxWidth) {
        line = { start: from, end: pc.trimEnd, full: pc.trimEnd === pc.end ? trimmed : m.width(from, pc.end) }
        break
      }
      const cut = softCut(m, pc, from, maxWidth - (line?.full ?? 0), hyphenate)
      if (cut !== undefined) {
        lines.push({ start: line?.start ?? from, end: cut, hyphen: true })
        line = undefined
        from = cut
        continue
      }
      if (line) {
        lines.push({ start: line.start, end: line.end })
        line = undefined
        continue
      }
      split = true
      const forced = forcedCut(m, pc, from, maxWidth)
      lines.push(forced)
      from = forced.end
    }
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
  const whole: Range = {
    start: p.start,
    end: p.start + m.content.text.slice(p.start, p.end).trimEnd().length,
  }
  if (!style.wrap || m.width(whole.start, whole.end) <= maxWidth) return { lines: [whole], split: false }
  const pieces = piecesOf(m.content, p, style.lineBreaks)
  let { lines, split } = greedyLines(m, pieces, maxWidth, style.hyphenate)
  if (split) return { lines, split }
  if (style.balance) {
    let lo = 0
    let hi = maxWidth
    for (let i = 0; i < 12 && hi - lo > 1; i++) {
      const mid = (lo + hi) / 2
      const at = greedyLines(m, pieces, mid, style.hyphenate)
      if (!at.split && at.lines.length === lines.length) hi = mid
      else lo = mid
    }
    lines = greedyLines(m, pieces, hi, style.hyphenate).lines
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
    for (const { start, end, hyphen = false } of wrapped.lines)
      lines.push({
        start,
        end,
        paragraph,
        ellipsis: false,
        hyphen,
        width: m.width(start, end) + (hyphen ? m.hyphenWidth(end) : 0),
      })
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
 * Breaks text into lines for a box: wraps at word boundaries (any CJK character boundary) and, inside a word
 * that does not fit, at its soft hyphens and (`style.hyphenate`) its language's hyphenation points, keeps
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
  // The shifts of the lines last measured: the fit's final answer is usually the lines it measured last.
  let measured: { key: string; shifts: number[] } | undefined
  const shiftsOf = (at: ReturnType<typeof linesAt>, size: number, lines = at.lines) => {
    if (style.lineSpacing === 'fixed') return lines.map(() => 0)
    const key = `${size}:${lines.map((l) => `${l.start}-${l.end}${l.ellipsis ? '…' : l.hyphen ? '-' : ''}`).join()}`
    if (measured?.key !== key) {
      const pieces = lines.map((l) => linePieces(at.m, l))
      measured = { key, shifts: inkClearShifts(ctx, style, size, size * style.lineHeight, pieces) }
    }
    return measured.shifts
  }
  // Lines moved apart to clear their ink take that height too (not in texts of format 3, `unfitted`).
  const fitted = style.lineSpacing === undefined
  const budgetOf = (at: ReturnType<typeof linesAt>, size: number) => {
    let budget = lineBudget(style, size, box.h)
    if (!fitted || at.lines.length < 2) return budget
    const shifts = shiftsOf(at, size, at.lines.slice(0, budget))
    while (budget > 1 && budget * size * style.lineHeight + (shifts[budget - 1] ?? 0) > box.h + 0.5) budget--
    return budget
  }
  // While shrinking, a size at which some word had to be split does not count as fitting: smaller type
  // reads better than a word cut in two.
  const fits = (at: ReturnType<typeof linesAt>, size: number, shrinking = false) =>
    at.lines.length <= budgetOf(at, size) &&
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
  const budget = budgetOf(at, size)
  if (lines.length > budget || !fits(at, size)) {
    truncated = true
    lines = lines.slice(0, budget)
    const last = lines[lines.length - 1]
    if (last) lines[lines.length - 1] = ellipsize(at.m, last, box.w)
  }
  if (style.justify && style.wrap) lines = justified(content, lines, box.w)
  return {
    size,
    lines: lines.map((l) => content.text.slice(l.start, l.end) + (l.ellipsis ? '…' : l.hyphen ? HYPHEN : '')),
    placed: lines,
    content,
    lineHeightPx: size * style.lineHeight,
    width: widest(lines),
    truncated,
    shifts: shiftsOf(at, size, lines),
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
  return {
    ...line,
    end,
    ellipsis: true,
    hyphen: false,
    width: m.width(line.start, end) + m.ellipsisWidth(end),
  }
}

/** The spaces a justified line widens; a canvas' `wordSpacing` widens these alone. */
const WORD_SPACES = /[ \u00A0]/g

/**
 * Lines stretched to the box's width: every line but a paragraph's last (which a hard break or the text's end
 * ends) and a line cut with "…". A line with word spaces widens them; a line without any that holds Han, kana
 * or hangul spreads between its characters (graphemes), as Chinese and Japanese are justified; any other
 * (one long word) stays as it is.
 */
function justified(content: TextContent, lines: TextLine[], width: number): TextLine[] {
  return lines.map((line, i) => {
    const next = lines[i + 1]
    const slack = width - line.width
    if (!next || next.paragraph !== line.paragraph || line.ellipsis || slack <= 0) return line
    const text = content.text.slice(line.start, line.end)
    const spaces = text.match(WORD_SPACES)?.length ?? 0
    if (spaces > 0) return { ...line, wordGap: slack / spaces }
    const characters = textLength(text) + (line.hyphen ? 1 : 0)
    if (!CJK.test(text) || characters < 2) return line
    return { ...line, letterGap: slack / (characters - 1) }
  })
}
