/**
 * Graphemes and words of a text in time linear in its length. Node's `Intl.Segmenter` takes time quadratic in the
 * length of the string it walks (100,000 characters: seconds; 500,000: minutes), so a long text is walked in
 * windows of a few hundred UTF-16 units, each started at a boundary the previous window found far enough from its
 * end to be final. A text no longer than one window is walked in one go, as it always was.
 */

/** Graphemes: per-window cost grows with the window, and 512 units keeps it near its floor. */
const GRAPHEME_WINDOW = 512
/**
 * Words: a boundary must lie this far from a window's end to be taken, since whether it stands can depend on the
 * characters after it (an apostrophe between letters, a dictionary-broken run of Thai) which the window may cut.
 */
const WORD_WINDOW = 2048
const WORD_MARGIN = 256

const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' })

/** One piece of a text, as `Intl.Segmenter` gives it: the text, where it starts, and (for words) if it is a word. */
export interface Segment {
  segment: string
  index: number
  isWordLike?: boolean
}

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff

function* windowed(
  text: string,
  segmenter: Intl.Segmenter,
  window: number,
  margin: number,
): Generator<Segment> {
  if (text.length <= window) {
    yield* segmenter.segment(text)
    return
  }
  let start = 0
  while (start < text.length) {
    let end = Math.min(text.length, start + window)
    // Never between the halves of a surrogate pair: the boundary before the last piece needs its whole character.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end--
    const last = end === text.length
    // A piece is given once the next one starts within the window's final part (a grapheme's boundary depends
    // only on what precedes it and the next character; a word's needs the margin): the last piece may be cut.
    let held: Segment | undefined
    let restart = end
    for (const p of segmenter.segment(text.slice(start, end))) {
      if (held) {
        if (!last && p.index > window - margin) {
          restart = start + held.index
          held = undefined
          break
        }
        yield { segment: held.segment, index: start + held.index, isWordLike: held.isWordLike }
      }
      held = p
    }
    if (held && last) yield { segment: held.segment, index: start + held.index, isWordLike: held.isWordLike }
    else if (held) {
      // The window's last piece starts the next window, unless it is its only piece (5,000 combining marks on
      // one letter): then it is given as it stands, cut at the window's end.
      if (held.index > 0) restart = start + held.index
      else yield { segment: held.segment, index: start, isWordLike: held.isWordLike }
    }
    start = restart
  }
}

/** The graphemes (what a reader counts as one character) of `text`, in order. */
export const graphemesOf = (text: string): Iterable<Segment> =>
  windowed(text, graphemeSegmenter, GRAPHEME_WINDOW, 0)

/** The words, spaces and punctuation of `text` (`Intl.Segmenter`'s word granularity), in order. */
export const wordsOf = (text: string): Iterable<Segment> =>
  windowed(text, wordSegmenter, WORD_WINDOW, WORD_MARGIN)

/** Length as a person counts it: one per visible character, so an emoji or a combined accent counts once. */
export function textLength(text: string): number {
  let n = 0
  for (const _ of graphemesOf(text)) n++
  return n
}
