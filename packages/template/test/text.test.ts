import bidiFactory from 'bidi-js'
import { describe, expect, it } from 'vitest'
import {
  hanForms,
  isEmojiCluster,
  layoutText,
  parseMarkup,
  prepareText,
  runFaces,
  scriptName,
  scriptRuns,
} from '../src/index'
import { paragraphBidi, visualRuns } from '../src/layers/text/bidi'
import { monospaceContext, style } from './monospace'

const runsOf = (text: string, forms = hanForms(text)) =>
  scriptRuns(text, forms).map((r) => [text.slice(r.start, r.end), r.system])

describe('writing-system runs', () => {
  it("keeps kana's long-vowel mark, Han's 〆 and full-width forms in the CJK run they belong to", () => {
    expect(runsOf('ラーメン')).toEqual([['ラーメン', 'ja']])
    expect(runsOf('コーヒー')).toEqual([['コーヒー', 'ja']])
    expect(runsOf('ｺｰﾋｰ')).toEqual([['ｺｰﾋｰ', 'ja']])
    expect(runsOf('〆切')).toEqual([['〆切', 'zh-Hans']])
    expect(runsOf('〆切', 'ja')).toEqual([['〆切', 'ja']])
    expect(runsOf('１２ＡＢ')).toEqual([['１２ＡＢ', 'zh-Hans']])
    expect(runsOf('Total: １２ＡＢ')).toEqual([
      ['Total: ', 'latin'],
      ['１２ＡＢ', 'zh-Hans'],
    ])
  })

  it('cuts a text where its script changes; spaces and punctuation go with the text before them', () => {
    expect(runsOf('Hello, Привет! Γειά 안녕 สวัสดี')).toEqual([
      ['Hello, ', 'latin'],
      ['Привет! ', 'cyrillic'],
      ['Γειά ', 'greek'],
      ['안녕 ', 'ko'],
      ['สวัสดี', 'thai'],
    ])
  })

  it('draws ASCII digits and words inside Chinese in the Latin face, CJK punctuation in the CJK face', () => {
    expect(runsOf('价格：$100。', 'zh-Hans')).toEqual([
      ['价格：', 'zh-Hans'],
      ['$100', 'latin'],
      ['。', 'zh-Hans'],
    ])
  })

  it('keeps an emoji sequence whole in one emoji run, and a bare ❤ as text', () => {
    for (const seq of ['👍🏽', '🏳️‍🌈', '🇯🇵', '1️⃣', '👩‍💻', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '❤️', '😀'])
      expect(runsOf(`a${seq}b`), seq).toEqual([
        ['a', 'latin'],
        [seq, 'emoji'],
        ['b', 'latin'],
      ])
    expect(isEmojiCluster('❤')).toBe(false)
    expect(isEmojiCluster('❤︎')).toBe(false)
    expect(isEmojiCluster('1')).toBe(false)
  })

  it('takes the Han forms of the declared language, else of the kana, hangul or traditional characters', () => {
    expect(hanForms('東京の天気')).toBe('ja')
    expect(hanForms('漢字 한국어')).toBe('ko')
    expect(hanForms('歡迎光臨，這裡是我們的新店')).toBe('zh-Hant')
    expect(hanForms('欢迎光临，这里是我们的新店')).toBe('zh-Hans')
    expect(hanForms('天气', 'zh-TW')).toBe('zh-Hant')
    expect(hanForms('天气', 'zh-Hant-HK')).toBe('zh-Hant')
    expect(hanForms('東京の天気', 'zh-CN')).toBe('zh-Hans')
    expect(runFaces('sans', 'ja')[0]).toBe('Templet Noto Sans JP')
    expect(runFaces('serif', 'zh-Hant')[0]).toBe('Templet Noto Serif TC')
  })

  it('keeps Greek and Cyrillic in a Latin face that has them, and gives them kin faces where it has not', () => {
    expect(runFaces('sans', 'greek')[0]).toBe('Templet Inter')
    expect(runFaces('serif', 'cyrillic')[0]).toBe('Templet Playfair Display')
    expect(runFaces('serif', 'greek')[0]).toBe('Templet Noto Serif')
    expect(runFaces('grotesk', 'cyrillic')[0]).toBe('Templet Inter')
    expect(runFaces('sans', 'emoji')).toEqual(['Templet Noto Color Emoji'])
  })

  it('names the script of a character', () => {
    expect(scriptName('ሰ')).toBe('Ethiopic')
    expect(scriptName('ᐃ')).toBe('Canadian Aboriginal')
    expect(scriptName('★')).toBe('Common')
  })
})

describe('bidi (UAX #9)', () => {
  const order = (text: string, direction: 'auto' | 'ltr' | 'rtl' = 'auto') => {
    const c = prepareText(text, { ...style(), direction })
    const p = c.paragraphs[0]
    if (!p) throw new Error('no paragraph')
    const base = p.bidi.direction === 'rtl' ? 1 : 0
    return visualRuns(p.bidi.levels, 0, text.length, base).map((r) => text.slice(r.start, r.end))
  }

  it('gives a text without right-to-left characters the levels the full algorithm gives it', () => {
    const full = bidiFactory()
    for (const text of [
      'Hello, world 123!',
      '你好，世界。１２３',
      '(12.50 €) — “quoted” …',
      'नमस्ते दुनिया ๑๒๓ สวัสดี',
      'Ada 👩🏾‍💻 🇯🇵',
      '\u200eleft mark',
      '   ',
      '',
    ])
      for (const direction of ['auto', 'ltr'] as const) {
        const r = full.getEmbeddingLevels(text, direction)
        const ours = paragraphBidi(text, direction)
        expect([...ours.levels], text).toEqual([...r.levels])
        expect(ours.direction, text).toBe((r.paragraphs[0]?.level ?? 0) % 2 ? 'rtl' : 'ltr')
      }
  })

  it('resolves the direction once per paragraph, from its first strong character or its declaration', () => {
    const c = prepareText('مرحبا hello\nhello مرحبا', style())
    expect(c.paragraphs.map((p) => p.bidi.direction)).toEqual(['rtl', 'ltr'])
    expect(prepareText('hello', { ...style(), direction: 'rtl' }).paragraphs[0]?.bidi.direction).toBe('rtl')
  })

  it('orders a line from its paragraph’s levels: a Latin word inside Arabic keeps its place', () => {
    const runs = order('مرحبا Templet شكرا')
    // Right to left: the last Arabic word is drawn leftmost, the Latin word between, the first word rightmost.
    expect(runs[0]).toContain('شكرا')
    expect(runs[1]).toBe('Templet')
    expect(runs[runs.length - 1]).toContain('مرحبا')
  })

  it('keeps digits (weak) left to right inside Arabic, and neutrals with the text around them', () => {
    // Arabic-Indic digits (AN) sit at a higher level inside the Arabic, so they read left to right.
    expect(order('السعر ١٢٠ ريال')).toEqual([' ريال', '١٢٠', 'السعر '])
    expect(order('Total: 120 (VAT incl.)')).toEqual(['Total: 120 (VAT incl.)'])
  })
})

describe('markup', () => {
  it('sets **bold** and *italic*, nested, and strips the markers', () => {
    const m = parseMarkup('a **bold *both*** and *it*')
    expect(m.text).toBe('a bold both and it')
    const at = (s: string) => m.emphasis[m.text.indexOf(s)]
    expect([at('a '), at('bold'), at('both'), at('and'), at('it')]).toEqual([0, 1, 3, 0, 2])
  })

  it('leaves asterisks that are not markup as typed', () => {
    for (const s of ['5 * 3 = 15', '*terms apply', 'a*b*c', '** not bold **', 'price\\*'])
      expect(parseMarkup(s).text, s).toBe(s.replace('\\*', '*'))
  })

  it('can be turned off per layer', () => {
    expect(prepareText('**x**', { ...style(), markup: false }).text).toBe('**x**')
  })
})

describe('typography of the layout', () => {
  it('leaves no single word alone on a paragraph’s last line', () => {
    // 10 characters a line: greedy gives "aaa bbb cc" / "dd", widow control "aaa bbb" / "cc dd".
    const layout = layoutText(monospaceContext(), 'aaa bbb cc dd', style(), { w: 100, h: 200 })
    expect(layout.lines).toEqual(['aaa bbb', 'cc dd'])
  })

  it('balances a headline’s lines when the layer asks', () => {
    const text = 'Summer sale starts now at every store'
    const greedy = layoutText(monospaceContext(), text, style(), { w: 300, h: 200 })
    const balanced = layoutText(monospaceContext(), text, style({ balance: true }), { w: 300, h: 200 })
    expect(greedy.lines).toEqual(['Summer sale starts now at', 'every store'])
    expect(balanced.lines).toHaveLength(greedy.lines.length)
    const spread = (ls: string[]) =>
      Math.max(...ls.map((l) => l.length)) - Math.min(...ls.map((l) => l.length))
    expect(spread(balanced.lines)).toBeLessThan(spread(greedy.lines))
  })

  it('measures without the markers, and says when the text was cut', () => {
    const layout = layoutText(monospaceContext(), '**bold** words', style(), { w: 200, h: 200 })
    expect(layout.lines).toEqual(['bold words'])
    expect(layout.width).toBe(100)
  })
})
