import { describe, expect, it } from 'vitest'
import { graphemesOf, textLength, wordsOf } from '../src/segments'

/** Pieces that a window's edge could cut in two: flags, an emoji sequence, a combined accent, CR LF, Thai. */
const PIECES = [
  '👩🏾‍💻',
  '🇯🇵🇫🇷',
  'e\u0301',
  '\r\n',
  "can't ",
  'ภาษาไทยง่ายนิดเดียว',
  '中文字符 ',
  'x',
  ' ',
  '१२३',
  'Ω',
]

/** A long text of those pieces in a scrambled order, so the windows cut each kind somewhere. */
function mixed(length: number, offset: number) {
  let s = 'a'.repeat(offset)
  let i = 0
  while (s.length < length) {
    i = (i * 7 + 3) % PIECES.length
    s += PIECES[i]
  }
  return s
}

const asIntl = (text: string, granularity: 'grapheme' | 'word') =>
  [...new Intl.Segmenter(undefined, { granularity }).segment(text)].map((s) => [
    s.index,
    s.segment,
    s.isWordLike,
  ])
const asOurs = (segments: Iterable<{ index: number; segment: string; isWordLike?: boolean }>) =>
  [...segments].map((s) => [s.index, s.segment, s.isWordLike])

describe('graphemes and words of a long text', () => {
  it('are what Intl.Segmenter gives, wherever the windows cut', () => {
    for (const offset of [0, 1, 3, 511]) {
      const text = mixed(5_000, offset)
      expect(asOurs(graphemesOf(text)), `offset ${offset}`).toEqual(asIntl(text, 'grapheme'))
      expect(asOurs(wordsOf(text)), `offset ${offset}`).toEqual(asIntl(text, 'word'))
    }
  }, 60_000)

  it('are given whole for a short text, as Intl.Segmenter gives them', () => {
    const text = mixed(400, 0)
    expect(asOurs(graphemesOf(text))).toEqual(asIntl(text, 'grapheme'))
    expect(asOurs(wordsOf(text))).toEqual(asIntl(text, 'word'))
  })

  it('counts half a million characters of any script', () => {
    // Walked whole, each of these takes Intl.Segmenter minutes; the test's own time bound (30 s) would end it.
    expect(textLength('字'.repeat(500_000))).toBe(500_000)
    expect(textLength('1'.repeat(500_000))).toBe(500_000)
    expect(textLength('👍🏽'.repeat(100_000))).toBe(100_000)
  }, 30_000)

  it('gives a letter with more combining marks than a window holds in pieces that cover the text', () => {
    const text = `a${'\u0301'.repeat(3000)}b`
    const pieces = [...graphemesOf(text)]
    expect(pieces.map((p) => p.segment).join('')).toBe(text)
    expect(pieces.at(-1)?.segment).toBe('b')
  })
})
