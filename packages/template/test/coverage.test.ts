import { describe, expect, it } from 'vitest'
import {
  CodePointRanges,
  codePointRanges,
  type FaceCoverage,
  runFaces,
  uncoveredCharacters,
} from '../src/index'

const cp = (ch: string) => ch.codePointAt(0) as number

describe('what a face can draw, as ranges', () => {
  it('finds each code point of its ranges and none between or around them', () => {
    const ranges = new CodePointRanges([0x41, 0x5a, 0x61, 0x7a, 0x4e00, 0x4e00, 0x1f680, 0x1f6ff])
    for (const ch of 'AZamz一🚀🛿') expect(ranges.has(cp(ch)), ch).toBe(true)
    for (const ch of '@[`{丁🙿') expect(ranges.has(cp(ch)), ch).toBe(false)
    expect(new CodePointRanges([]).has(0x41)).toBe(false)
  })

  it('turns a coverage into ranges and back without changing what it has', () => {
    const set = new Set([0, 1, 2, 0x41, 0x43, 0x10ffff])
    const ranges = codePointRanges({ has: (c) => set.has(c) })
    expect(ranges).toEqual([0, 2, 0x41, 0x41, 0x43, 0x43, 0x10ffff, 0x10ffff])
    const back = new CodePointRanges(ranges)
    for (const c of [0, 1, 2, 3, 0x41, 0x42, 0x43, 0x10fffe, 0x10ffff])
      expect(back.has(c), String(c)).toBe(set.has(c))
  })
})

describe('characters no face of a run has', () => {
  // Latin faces have A-Z and a-z, the Arabic face Arabic letters, nothing has Ethiopic.
  const latin = new CodePointRanges([0x20, 0x7e])
  const arabic = new CodePointRanges([0x600, 0x6ff])
  const known = (face: string): FaceCoverage => (face.includes('Arabic') ? arabic : latin)

  it('names each missing character once, and none that is a space or a joiner', () => {
    expect(uncoveredCharacters('Hi ሰላም ሰ', 'sans', undefined, known)).toEqual(['ሰ', 'ላ', 'ም'])
    expect(uncoveredCharacters('مرحبا Hi\u200d', 'sans', undefined, known)).toEqual([])
  })

  it('leaves a character to the server when a face of its run is unknown here', () => {
    const arabicUnknown = (face: string) => (face.includes('Arabic') ? undefined : latin)
    expect(runFaces('sans', 'arabic').some((f) => f.includes('Arabic'))).toBe(true)
    expect(uncoveredCharacters('مرحبا ሰ', 'sans', undefined, arabicUnknown)).toEqual(['ሰ'])
    // A brand family's face comes first in every stack but emoji's.
    const brandUnknown = (face: string) => (face.startsWith('Templet Brand') ? undefined : known(face))
    expect(uncoveredCharacters('Hi ሰ', 'brand-abcdefgh', undefined, brandUnknown)).toEqual([])
    expect(uncoveredCharacters('Hi ሰ', 'brand-abcdefgh', undefined, known)).toEqual(['ሰ'])
  })
})
