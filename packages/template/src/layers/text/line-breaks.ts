import LineBreaker from 'linebreak'
import { wordsOf } from '../../segments'

/**
 * Where a paragraph may break: the Unicode line breaking algorithm (UAX #14, from `linebreak`), tailored as its
 * section 8 allows, the way the browsers and InDesign tailor it:
 *
 * - Thai, Lao, Khmer and Myanmar write no spaces between words; UAX #14 leaves their breaks to a dictionary
 *   (class SA), which `Intl.Segmenter`'s words are.
 * - Chinese, Japanese and Korean break between words, not between any two characters (as CSS `word-break:
 *   keep-all` for Korean and `auto-phrase` for Japanese do), where UAX #14 also allows it; a word too long for
 *   its line is still cut by force.
 * - Punctuation a line may not start with, and openers it may not end with, stay glued across a space as
 *   French sets them ("bonjour !", "50 %"), and spaced French guillemets stay with their words (« mot »).
 */

// Punctuation that may not start a line, and openers that may not end one (JIS X 4051-lite; primes stay with
// their figures: 5′10″).
export const NO_START = new Set([
  ...',.;:!?)]}%、。，．：；！？）」』】〕〉》”’…‥ー々〻ゝゞヽヾ・·\u060C\u061B\u061F′″',
])
export const NO_END = new Set([...'([{「『【〔〈《“‘'])
export const SPACE = /^\s$/

// Letters of scripts a dictionary breaks (UAX #14's SA), and of those that break between words only (CJK).
const SA_SCRIPTS = '\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}\\p{Script=Tai_Tham}'
const CJK_SCRIPTS = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}'
const DICTIONARY = new RegExp(`^[${SA_SCRIPTS}]$`, 'u')
const CJK = new RegExp(`^[${CJK_SCRIPTS}]$`, 'u')
/** A paragraph with letters of either: the only ones that need the word segmenter. */
const WORD_RUN_SCRIPTS = new RegExp(`[${SA_SCRIPTS}${CJK_SCRIPTS}]`, 'u')
const MARK = /^\p{M}$/u

/** The character ending at `at` (a whole astral character), and its marks' base when it is a mark. */
function baseBefore(text: string, at: number): string {
  let i = at
  while (i > 0) {
    const unit = text.charCodeAt(i - 1)
    const start = unit >= 0xdc00 && unit <= 0xdfff && i > 1 ? i - 2 : i - 1
    const ch = text.slice(start, i)
    if (!MARK.test(ch)) return ch
    i = start
  }
  return ''
}
const charAt = (text: string, at: number) => String.fromCodePoint(text.codePointAt(at) ?? 32)

/** Positions after which UAX #14 allows a line to end (never 0; the paragraph's end included). */
function uaxBreaks(paragraph: string): Set<number> {
  const breaks = new Set<number>()
  const breaker = new LineBreaker(paragraph)
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak()) breaks.add(bk.position)
  return breaks
}

/** Whether a break between `before` and `after` falls inside a run that breaks only between its words. */
const insideWordRun = (before: string, after: string) =>
  (DICTIONARY.test(before) && DICTIONARY.test(after)) || (CJK.test(before) && CJK.test(after))

/** The positions where a line may break in `paragraph` (a single line of text), in order. */
export function lineBreaks(paragraph: string): number[] {
  const uax = uaxBreaks(paragraph)
  const words = new Set<number>()
  // Only the scripts that break between words need the segmenter: Latin text skips it.
  if (WORD_RUN_SCRIPTS.test(paragraph)) for (const w of wordsOf(paragraph)) words.add(w.index)
  const candidates = new Set([...uax, ...words])
  const out: number[] = []
  for (const at of [...candidates].sort((a, b) => a - b)) {
    if (at <= 0 || at >= paragraph.length) continue
    const before = baseBefore(paragraph, at)
    const after = charAt(paragraph, at)
    const allowed = insideWordRun(before, after)
      ? words.has(at) && (uax.has(at) || DICTIONARY.test(before))
      : (uax.has(at) || quoteAmidCjk(paragraph, at, before, after)) && !glued(paragraph, at)
    if (allowed) out.push(at)
  }
  out.push(paragraph.length)
  return out
}

/**
 * Unicode 15.1's rule LB19a, newer than the library: a quotation mark between East Asian characters on both
 * sides is punctuation like any other there, so “金色时刻”|调 may break after the closing mark and before an
 * opening one.
 */
function quoteAmidCjk(text: string, at: number, before: string, after: string): boolean {
  if (/^\p{Pf}$/u.test(before)) return CJK.test(after) && CJK.test(baseBefore(text, at - before.length))
  if (/^\p{Pi}$/u.test(after)) return CJK.test(before) && CJK.test(charAt(text, at + after.length))
  return false
}

/** Guillemets: « opens and » closes in French (spaced), the other way round in German (unspaced). */
const GUILLEMETS = new Set([...'«»‹›'])
const HYPHENS = new Set([...'-\u2010\u2012\u2013'])
const CURRENCY = /^\p{Sc}$/u
/** The last character of a segment (a whole segment of spaces, when it is one). */
const lastOf = (s: string | undefined) => (s === undefined ? '' : (s[s.length - 1] ?? ''))

/**
 * How texts saved before document format 4 break (`lineBreaks: "words"`), kept so they draw as they did: between
 * `Intl.Segmenter`'s words, with the no-start and no-end sets glued on, a hyphen kept with the word before it,
 * a currency sign with what it touches, and guillemets with their words.
 */
export function wordSegmentBreaks(paragraph: string): number[] {
  const out: number[] = []
  const segments = [...wordsOf(paragraph)].map((w) => w.segment)
  let at = 0
  segments.forEach((segment, i) => {
    const before = lastOf(segments[i - 1])
    const first = segment[0] ?? ''
    const spaced = SPACE.test(before)
    const next = segments[i + 1]
    const glued =
      i > 0 &&
      (/^\s+$/.test(segment) ||
        NO_START.has(first) ||
        NO_END.has(before) ||
        (!spaced && (HYPHENS.has(first) || GUILLEMETS.has(first) || CURRENCY.test(first))) ||
        (!spaced && (CURRENCY.test(before) || GUILLEMETS.has(before))) ||
        (before === '′' && /^\p{Nd}/u.test(first)) ||
        (spaced && (segment === '»' || segment === '›') && (next === undefined || /^\s/.test(next))) ||
        (spaced &&
          (segments[i - 2] === '«' || segments[i - 2] === '‹') &&
          (i < 3 || SPACE.test(lastOf(segments[i - 3])))))
    if (i > 0 && !glued) out.push(at)
    at += segment.length
  })
  out.push(paragraph.length)
  return out
}

/** A tailoring's reason to keep the two sides of `at` (a break UAX #14 allows) on one line. */
function glued(text: string, at: number): boolean {
  const after = charAt(text, at)
  const before = text[at - 1] ?? ''
  if (NO_START.has(after) || NO_END.has(before)) return true
  // Spaced, as French sets them: » closes (may not start a line) and « opens (may not end one).
  const spacedCloser = (c: string) => (c === '»' || c === '›') && SPACE.test(text[at + 1] ?? ' ')
  if (SPACE.test(before) && spacedCloser(after)) return true
  return (
    SPACE.test(before) && (text[at - 2] === '«' || text[at - 2] === '‹') && SPACE.test(text[at - 3] ?? ' ')
  )
}
