import { describe, expect, it } from 'vitest'
import { breakPieces, layoutText, textDirection } from '../src/index'
import { monospaceContext, style } from './monospace'

describe('layoutText', () => {
  it('wraps at word boundaries to the box width', () => {
    // 10 px a character at size 20: a 100 px box holds 10 characters.
    const layout = layoutText(monospaceContext(), 'one two three four', style(), { w: 100, h: 200 })
    expect(layout.lines).toEqual(['one two', 'three four'])
    expect(layout.truncated).toBe(false)
  })

  it('shrinks to the largest whole size that fits, not below minSize', () => {
    const text = 'a sentence that is long'
    const layout = layoutText(monospaceContext(), text, style({ minSize: 8, maxLines: 1 }), {
      w: 100,
      h: 200,
    })
    // 23 characters in 100 px: 100 / 23 / 0.5 = 8.69, so 8 px.
    expect(layout.size).toBe(8)
    expect(layout.lines).toEqual([text])
  })

  it('cuts what does not fit even at the smallest size, and says so', () => {
    const layout = layoutText(monospaceContext(), 'word '.repeat(40), style({ maxLines: 2 }), {
      w: 100,
      h: 200,
    })
    expect(layout.lines).toHaveLength(2)
    expect(layout.lines[1]?.endsWith('…')).toBe(true)
    expect(layout.truncated).toBe(true)
  })

  it('keeps closing punctuation on the word before it', () => {
    expect(breakPieces('你好，世界。')).toEqual(['你好，', '世界。'])
    expect(breakPieces('(one) two!')).toEqual(['(one) ', 'two!'])
  })

  it('keeps a hyphen with the word before it, a currency sign with its figure, guillemets with their words', () => {
    expect(breakPieces('Fitzgerald-Ávila and Санкт-Петербург')).toEqual([
      'Fitzgerald-',
      'Ávila ',
      'and ',
      'Санкт-',
      'Петербург',
    ])
    // After a space a hyphen may start a line (a dash), and a minus stays with its figure (LB25).
    expect(breakPieces('down -5 degrees')).toEqual(['down ', '-5 ', 'degrees'])
    expect(breakPieces('only €12.50 or US$ 10')).toEqual(['only ', '€12.50 ', 'or ', 'US$ ', '10'])
    expect(breakPieces('il dit « bonjour » et part')).toEqual(['il ', 'dit ', '« bonjour » ', 'et ', 'part'])
    expect(breakPieces('sie sagte »Hallo« und ging')).toEqual(['sie ', 'sagte ', '»Hallo« ', 'und ', 'ging'])
  })

  it('breaks by UAX #14: times, sizes, codes, units, numbers and addresses stay whole', () => {
    expect(breakPieces('Open 11:00–14:00 daily')).toEqual(['Open ', '11:00–', '14:00 ', 'daily'])
    expect(breakPieces('Banner (1200×628) 95 m² +44 20')).toEqual([
      'Banner ',
      '(1200×628) ',
      '95 ',
      'm² ',
      '+44 ',
      '20',
    ])
    expect(breakPieces('Code NSD-2026-0142 −30% 1/2')).toEqual(['Code ', 'NSD-2026-0142 ', '−30% ', '1/2'])
    expect(breakPieces('at lumen.engineering/jobs or you@example.com')).toEqual([
      'at ',
      'lumen.engineering/',
      'jobs ',
      'or ',
      'you@example.com',
    ])
    // French spacing keeps ! ? : ; % with the word before the space.
    expect(breakPieces('Allez ! 50 % de remise')).toEqual(['Allez ! ', '50 % ', 'de ', 'remise'])
  })

  it('keeps CJK brackets with what they open and close, breaks CJK between words and Thai and Khmer by dictionary', () => {
    // No break after an opening bracket or before a closing one (kinsoku), even between words.
    expect(breakPieces('购票链接（二维码）')).toEqual(['购', '票', '链', '接', '（二', '维', '码）'])
    // ー and small kana never start a line; Korean breaks at its spaces (keep-all).
    expect(breakPieces('ラーメンとコーヒー').every((p) => !/^[ーッ]/.test(p))).toBe(true)
    expect(breakPieces('다람쥐 헌 쳇바퀴에')).toEqual(['다람쥐 ', '헌 ', '쳇바퀴에'])
    expect(breakPieces('ภาษาไทยมีวรรณยุกต์')).toEqual(['ภาษา', 'ไทย', 'มี', 'วรรณยุกต์'])
    expect(breakPieces('ក្រុមហ៊ុនស្ត្រីព្រះ')).toEqual(['ក្រុមហ៊ុន', 'ស្ត្រី', 'ព្រះ'])
    expect(breakPieces('ພາສາລາວ')).toEqual(['ພາສາ', 'ລາວ'])
    // A quotation mark between East Asian characters breaks like their other punctuation (Unicode 15.1, LB19a).
    expect(breakPieces('“金色时刻”调色预设')).toContain('调')
  })

  it('breaks a text saved before format 4 (`words`) between the segmenter’s words, as it did', () => {
    expect(breakPieces('down -5 degrees', 'words')).toEqual(['down ', '-', '5 ', 'degrees'])
    expect(breakPieces('Open 11:00 daily', 'words')).toEqual(['Open ', '11:', '00 ', 'daily'])
    expect(breakPieces('购票链接（二维码）', 'words')).toEqual([
      '购',
      '票',
      '链',
      '接',
      '（',
      '二',
      '维',
      '码）',
    ])
    expect(breakPieces('il dit « bonjour » et part', 'words')).toEqual([
      'il ',
      'dit ',
      '« bonjour » ',
      'et ',
      'part',
    ])
    expect(breakPieces('Fitzgerald-Ávila', 'words')).toEqual(['Fitzgerald-', 'Ávila'])
  })

  it('takes a paragraph’s direction from its first strong character', () => {
    expect(textDirection('123 مرحبا hello')).toBe('rtl')
    expect(textDirection('hello مرحبا')).toBe('ltr')
    expect(textDirection('2026')).toBe('ltr')
  })
})
