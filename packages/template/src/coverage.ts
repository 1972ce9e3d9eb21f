import { type FontFamily, runFaces } from './fonts'
import { hanForms, scriptRuns } from './layers/text'

/** What one face can draw. */
export interface FaceCoverage {
  has(codePoint: number): boolean
}

/**
 * What each face can draw, by the model's face name: `undefined` for a face whose character map this surface
 * does not have (a brand face in the browser), whose characters it then does not judge.
 */
export type CoverageOf = (face: string) => FaceCoverage | undefined

/**
 * Code points as sorted inclusive ranges, `[start, end, start, end, …]`: how a surface that does not hold the
 * font files (the browser) receives what a face can draw. A CJK face is a few thousand ranges.
 */
export class CodePointRanges implements FaceCoverage {
  constructor(private readonly ranges: readonly number[]) {}
  has(codePoint: number): boolean {
    let low = 0
    let high = (this.ranges.length >> 1) - 1
    while (low <= high) {
      const mid = (low + high) >> 1
      if (codePoint < (this.ranges[mid * 2] as number)) high = mid - 1
      else if (codePoint > (this.ranges[mid * 2 + 1] as number)) low = mid + 1
      else return true
    }
    return false
  }
}

/** The ranges of the code points `coverage` has (all of Unicode scanned once: a few milliseconds). */
export function codePointRanges(coverage: FaceCoverage): number[] {
  const ranges: number[] = []
  let start = -1
  for (let c = 0; c <= 0x110000; c++) {
    const has = c < 0x110000 && coverage.has(c)
    if (has && start < 0) start = c
    else if (!has && start >= 0) {
      ranges.push(start, c - 1)
      start = -1
    }
  }
  return ranges
}

// Characters that draw nothing themselves: spaces, controls, joiners, direction marks, variation selectors.
const SPACE_CONTROL_FORMAT = /[\s\p{Cc}\p{Cf}]/u
const isInvisible = (ch: string, cp: number) =>
  SPACE_CONTROL_FORMAT.test(ch) || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)

/**
 * The characters of a text that none of the faces its writing-system run draws with has, each once: the
 * same cut into runs and the same faces as drawing (`runFaces`), so what passes here draws whole. `lang`
 * picks the Han forms as drawing does (a layer's `lang`, else detected from the text). A character is judged
 * only when the surface knows every face of its run's stack: the server always does; the browser leaves a
 * character only a brand face might have to the server's check on Create.
 */
export function uncoveredCharacters(
  text: string,
  family: FontFamily,
  lang: string | undefined,
  coverageOf: CoverageOf,
): string[] {
  const missing = new Set<string>()
  for (const run of scriptRuns(text, hanForms(text, lang))) {
    const faces = runFaces(family, run.system).map(coverageOf)
    for (const ch of text.slice(run.start, run.end)) {
      const cp = ch.codePointAt(0) ?? 0
      if (isInvisible(ch, cp) || missing.has(ch)) continue
      if (faces.every((f) => f !== undefined && !f.has(cp))) missing.add(ch)
    }
  }
  return [...missing]
}
