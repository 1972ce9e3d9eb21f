import { describe, expect, it } from 'vitest'
import { joinPieces, layerPieces, parseTemplate, prepareText, validateLanguages } from '../src/index'
import { style } from './monospace'

/** The runs of a prepared text as `[text, writing system]`. */
const runsOf = (content: ReturnType<typeof prepareText>) =>
  content.runs.map((r) => [content.text.slice(r.start, r.end), r.system])

const template = parseTemplate({
  id: 'greeting',
  typeId: 'social-posts',
  name: { en: 'Greeting', 'zh-CN': '问候' },
  sizes: [{ id: 'square', width: 100, height: 100, label: { en: 'Square', 'zh-CN': '方' } }],
  fields: [
    { key: 'name', kind: 'text', label: { en: 'Name', 'zh-CN': '名字' }, default: '', maxLength: 40 },
    { key: 'note', kind: 'text', label: { en: 'Note', 'zh-CN': '备注' }, default: '', maxLength: 40 },
    { key: 'accent', kind: 'color', label: { en: 'Accent', 'zh-CN': '强调色' }, default: '#000000' },
  ],
  layers: [{ id: 'line', type: 'text', text: '致 {{name}}：{{note}}', size: 10, color: '#000000' }],
  samples: { en: {}, 'zh-CN': {} },
})
const line = template.layers[0]
if (line?.type !== 'text') throw new Error('no text layer')

describe('a value’s own language', () => {
  it('cuts a layer’s text into its own words and each value with the language declared for it', () => {
    const d = { locale: 'en' as const, values: { name: '直美', note: '海' }, valueLanguages: { name: 'ja' } }
    expect(layerPieces(line, d)).toEqual([{ text: '致 ' }, { text: '直美', lang: 'ja' }, { text: '：海' }])
    expect(joinPieces(layerPieces(line, d))).toEqual({
      text: '致 直美：海',
      spans: [{ start: 2, end: 4, lang: 'ja' }],
      colors: [],
    })
    // Without languages the layer's text is one piece, as it always was.
    expect(layerPieces(line, { locale: 'en', values: { name: '直美', note: '海' } })).toEqual([
      { text: '致 直美：海' },
    ])
  })

  it('draws the Han of a declared value in its language’s forms and the rest as the rest reads', () => {
    const content = prepareText('致 直美：海', style(), [{ start: 2, end: 4, lang: 'ja' }])
    expect(runsOf(content)).toEqual([
      ['致 ', 'zh-Hans'],
      ['直美', 'ja'],
      ['：海', 'zh-Hans'],
    ])
  })

  it('the rest’s forms are told from the rest alone: kana in a Japanese value leaves Chinese around it Chinese', () => {
    const content = prepareText('欢迎 ようこそ直', style(), [{ start: 3, end: 8, lang: 'ja' }])
    expect(content.forms).toBe('zh-Hans')
    expect(runsOf(content)).toEqual([
      ['欢迎 ', 'zh-Hans'],
      ['ようこそ直', 'ja'],
    ])
  })

  it('keeps the span on the right characters when markup markers are taken out', () => {
    const source = '**骨** 骨'
    const content = prepareText(source, style(), [{ start: 6, end: 7, lang: 'zh-TW' }])
    expect(content.text).toBe('骨 骨')
    expect(runsOf(content)).toEqual([
      ['骨 ', 'zh-Hans'],
      ['骨', 'zh-Hant'],
    ])
  })

  it('takes CJK punctuation at a declared value’s start in the value’s forms', () => {
    const content = prepareText('中文「台灣」', style(), [{ start: 2, end: 6, lang: 'zh-TW' }])
    expect(runsOf(content)).toEqual([
      ['中文', 'zh-Hans'],
      ['「台灣」', 'zh-Hant'],
    ])
  })

  it('a language that names no Han forms (en, fr) leaves the value as the rest', () => {
    const content = prepareText('直', style(), [{ start: 0, end: 1, lang: 'en' }])
    expect(runsOf(content)).toEqual([['直', 'zh-Hans']])
  })

  it('refuses a language for a field the template has not, or whose value is no text', () => {
    expect(validateLanguages(template, { name: 'ja', note: 'zh-TW' })).toEqual([])
    expect(validateLanguages(template, { title: 'ja', accent: 'ja' })).toEqual([
      { path: 'title', code: 'unknown_field' },
      { path: 'accent', code: 'not_text_field' },
    ])
  })
})

describe('capitals by the rules of the text’s language', () => {
  const caps = (lang?: string) => ({ ...line, transform: 'uppercase' as const, ...(lang && { lang }) })
  const shown = (layer: typeof line, values: Record<string, string>, valueLanguages = {}) =>
    joinPieces(layerPieces(layer, { locale: 'en', values, valueLanguages })).text

  it('drops the accents of Greek letters, whatever the render’s language', () => {
    expect(shown(caps(), { name: 'Καλημέρα', note: 'ώρα' })).toBe('致 ΚΑΛΗΜΕΡΑ：ΩΡΑ')
  })

  it('dots the capital i of a Turkish value or layer, and of no other', () => {
    expect(shown(caps(), { name: 'istanbul', note: 'izmir' }, { name: 'tr' })).toBe('致 İSTANBUL：IZMIR')
    expect(shown(caps('tr'), { name: 'istanbul', note: 'izmir' })).toBe('致 İSTANBUL：İZMİR')
  })
})
