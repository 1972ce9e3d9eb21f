import bidiFactory from 'bidi-js'

/**
 * The Unicode bidirectional algorithm (UAX #9) through bidi-js: levels are resolved once per paragraph, from
 * its first strong character or its declared direction, with digits and punctuation as the weak and
 * neutral types they are; each line is then put in visual order from those levels.
 */

let bidi: ReturnType<typeof bidiFactory> | undefined
const engine = () => {
  bidi ??= bidiFactory()
  return bidi
}

export interface ParagraphBidi {
  /** The paragraph's direction: declared, or by its first strong character (LTR when it has none). */
  direction: 'ltr' | 'rtl'
  /** The embedding level of each UTF-16 unit: odd is right to left. */
  levels: Uint8Array
}

/**
 * What can give a text a level other than 0: the blocks of the right-to-left scripts (and their numbers) and the
 * explicit direction marks and embeddings. Wider than the characters whose class is R, AL or AN, never narrower.
 */
const MAYBE_RTL =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202a-\u202e\u2066-\u2069]|[\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u

/** Levels of one paragraph (no line break inside). */
export function paragraphBidi(text: string, direction: 'auto' | 'ltr' | 'rtl'): ParagraphBidi {
  // Without a right-to-left character every character of a left-to-right paragraph is at level 0 (rules W7,
  // N1, N2): most texts skip the algorithm, whose cost grows with the text.
  if (direction !== 'rtl' && !MAYBE_RTL.test(text))
    return { direction: 'ltr', levels: new Uint8Array(text.length) }
  const result = engine().getEmbeddingLevels(text, direction)
  const level = result.paragraphs[0]?.level ?? (direction === 'rtl' ? 1 : 0)
  return { direction: level % 2 ? 'rtl' : 'ltr', levels: result.levels }
}

/** The direction of a text by its first strong character (rules P2 and P3); LTR when it has none. */
export const textDirection = (text: string): 'ltr' | 'rtl' => paragraphBidi(text, 'auto').direction

/** A stretch of one line at one level, in logical order inside; start and end are UTF-16 offsets. */
export interface LevelRun {
  start: number
  end: number
  level: number
}

/**
 * The level runs of the line `[start, end)` in visual order, left to right (rule L2: from the highest level
 * down to the lowest odd one, every sequence at that level or above is reversed). Each run is then shaped
 * in its own direction, which orders its characters.
 */
export function visualRuns(levels: Uint8Array, start: number, end: number, baseLevel: number): LevelRun[] {
  const runs: LevelRun[] = []
  for (let i = start; i < end; i++) {
    const level = levels[i] ?? baseLevel
    const last = runs[runs.length - 1]
    if (last && last.level === level) last.end = i + 1
    else runs.push({ start: i, end: i + 1, level })
  }
  const highest = Math.max(baseLevel, ...runs.map((r) => r.level))
  const lowestOdd = Math.min(...runs.map((r) => r.level | 1))
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < runs.length; i++) {
      if ((runs[i]?.level ?? 0) < level) continue
      let j = i
      while (j + 1 < runs.length && (runs[j + 1]?.level ?? 0) >= level) j++
      runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse())
      i = j
    }
  }
  return runs
}
