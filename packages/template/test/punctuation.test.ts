import { describe, expect, it } from 'vitest'
import {
  breakPieces,
  type DrawContext,
  hasStraightPunctuation,
  layerPieces,
  parseTemplate,
  quotesOf,
  smartPieces,
  smartPunctuation as sp,
  type TextLayer,
} from '../src/index'

const NNBSP = '\u202F'

describe('smart punctuation', () => {
  it('sets English quotes, nested, and apostrophes', () => {
    expect(sp('"Hello," she said.')).toBe('“Hello,” she said.')
    expect(sp(`"She said 'hi' to me"`)).toBe('“She said ‘hi’ to me”')
    expect(sp("'Hello,' he said")).toBe('‘Hello,’ he said')
    expect(sp("don't, it's, the dogs' bones")).toBe('don’t, it’s, the dogs’ bones')
    expect(sp('"\'Quoted\' inside"')).toBe('“‘Quoted’ inside”')
    expect(sp(`He asked, "Did she say 'the dogs' bowls'?"`)).toBe(
      'He asked, “Did she say ‘the dogs’ bowls’?”',
    )
  })

  it('knows an apostrophe at a word’s start', () => {
    expect(sp("music of the '90s")).toBe('music of the ’90s')
    expect(sp("class of '05")).toBe('class of ’05')
    expect(sp("'Tis the season, rock 'n' roll, 'cause")).toBe('’Tis the season, rock ’n’ roll, ’cause')
    expect(sp("the 1980's")).toBe('the 1980’s')
    // A quote before a word that is no elision opens.
    expect(sp("'tisket' said")).toBe('‘tisket’ said')
    // Only English has the elisions.
    expect(sp("'em", 'de')).toBe('‚em')
  })

  it('opens after brackets, dashes and other opening quotes, and at every start', () => {
    expect(sp('("quoted")')).toBe('(“quoted”)')
    expect(sp('["a" and "b"]')).toBe('[“a” and “b”]')
    expect(sp('wait—"no"')).toBe('wait—“no”')
    expect(sp('line one\n"line two"')).toBe('line one\n“line two”')
    expect(sp('a/"b"')).toBe('a/“b”')
  })

  it('sets feet and inches as primes, and a figure before a closing quote closes it', () => {
    expect(sp(`He is 5'10" tall`)).toBe('He is 5′10″ tall')
    expect(sp(`a 12" record`)).toBe('a 12″ record')
    expect(sp('"Room 5"')).toBe('“Room 5”')
    expect(sp("'Track 2'")).toBe('‘Track 2’')
  })

  it('sets dashes and ellipses', () => {
    expect(sp('1990--2000')).toBe('1990–2000')
    expect(sp('this -- that')).toBe('this – that')
    expect(sp('word--word')).toBe('word—word')
    expect(sp('wait---what')).toBe('wait—what')
    expect(sp('and then...')).toBe('and then…')
    expect(sp('four....')).toBe('four….')
    expect(sp('a - b')).toBe('a - b')
  })

  it('takes the quotes of the text’s language', () => {
    expect(sp(`"Hallo 'Welt'"`, 'de')).toBe('„Hallo ‚Welt‘“')
    expect(sp('"Grüezi"', 'de-CH')).toBe('«Grüezi»')
    expect(sp(`"Bonjour 'toi'"`, 'fr')).toBe(`«${NNBSP}Bonjour “toi”${NNBSP}»`)
    // A space typed inside the quotes becomes the narrow no-break one.
    expect(sp('" Bonjour "', 'fr-CA')).toBe(`«${NNBSP}Bonjour${NNBSP}»`)
    expect(sp("l'homme", 'fr')).toBe('l’homme')
    expect(sp('"Привет"', 'ru')).toBe('«Привет»')
    expect(sp('"你好"', 'zh-CN')).toBe('“你好”')
    expect(sp(`"他说'你好'"`, 'zh-Hans')).toBe('“他说‘你好’”')
    expect(sp(`"彼は'こんにちは'と言った"`, 'ja')).toBe('「彼は『こんにちは』と言った」')
    expect(sp('"你好"', 'zh-Hant-TW')).toBe('「你好」')
    expect(sp('"你好"', 'zh-TW')).toBe('「你好」')
    expect(sp('"Hej"', 'sv')).toBe('”Hej”')
    expect(sp('"x"', 'pt-BR')).toBe('“x”')
    expect(quotesOf(undefined)).toBe(quotesOf('en-GB'))
  })

  it('looks through the markup’s asterisks', () => {
    expect(sp('"**bold**"')).toBe('“**bold**”')
    expect(sp(`**"bold"** and *it's*`)).toBe('**“bold”** and *it’s*')
  })

  it('runs across pieces: a quote opened in one closes in another, in the marks it opened with', () => {
    const pieces = smartPieces(
      [{ text: 'Il a dit "' }, { text: 'Guten Tag', lang: 'de' }, { text: '" hier.' }],
      'fr',
    )
    expect(pieces.map((p) => p.text)).toEqual([`Il a dit «${NNBSP}`, 'Guten Tag', `${NNBSP}» hier.`])
    expect(pieces[1]?.lang).toBe('de')
  })

  it('leaves a text without anything to change as it is', () => {
    for (const text of ['plain words', '中文文本', 'a - b', '5 * 3', '']) {
      expect(hasStraightPunctuation(text)).toBe(false)
      expect(sp(text)).toBe(text)
    }
  })
})

describe('a text layer with smart punctuation', () => {
  const t = parseTemplate({
    id: 'smart',
    typeId: 'social-posts',
    name: { en: 'Smart', 'zh-CN': '智能' },
    sizes: [{ id: 'square', width: 300, height: 300, label: { en: 'Square', 'zh-CN': '方形' } }],
    fields: [
      { key: 'name', kind: 'text', label: { en: 'Name', 'zh-CN': '名字' }, default: 'x', maxLength: 100 },
    ],
    layers: [
      { id: 'on', type: 'text', text: `It's "{{name}}"...`, size: 20, smartPunctuation: true },
      { id: 'off', type: 'text', text: `It's "{{name}}"...`, size: 20 },
    ],
    samples: { en: {}, 'zh-CN': {} },
  })
  const [on, off] = t.layers as [TextLayer, TextLayer]
  const d: Pick<DrawContext, 'locale' | 'values' | 'valueLanguages' | 'lang'> = {
    locale: 'en',
    values: { name: `Rock 'n' Roll -- Live` },
  }

  it('draws its text and the values in it typographically; the values stay as typed', () => {
    expect(layerPieces(on, d).map((p) => p.text)).toEqual(['It’s “Rock ’n’ Roll – Live”…'])
    expect(d.values.name).toBe(`Rock 'n' Roll -- Live`)
  })

  it('is left out of the layer when absent, which draws as typed', () => {
    expect(off).not.toHaveProperty('smartPunctuation')
    expect(layerPieces(off, d).map((p) => p.text)).toEqual([`It's "Rock 'n' Roll -- Live"...`])
  })

  it('takes the quotes of a value’s declared language, and the layer’s or the values’ for the rest', () => {
    const fr = { ...d, valueLanguages: { name: 'fr' }, values: { name: '"Salut"' } }
    expect(layerPieces(on, fr).map((p) => p.text)).toEqual(['It’s “', `«${NNBSP}Salut${NNBSP}»`, '”…'])
    expect(layerPieces({ ...on, lang: 'de' }, { ...d, values: { name: 'Tag' } }).map((p) => p.text)).toEqual([
      'It’s „Tag“…',
    ])
    expect(layerPieces(on, { ...d, lang: 'ja', values: { name: '今日は' } }).map((p) => p.text)).toEqual([
      'It’s 「今日は」…',
    ])
  })
})

describe('smart punctuation in Chinese and Japanese', () => {
  it('opens and closes between characters without spaces', () => {
    expect(sp(`他说"你好"然后走了`, 'zh-CN')).toBe('他说“你好”然后走了')
    expect(sp(`他说"她说'好'了"`, 'zh-CN')).toBe('他说“她说‘好’了”')
    expect(sp(`彼は"はい"と言った`, 'ja')).toBe('彼は「はい」と言った')
  })
})

describe('smart punctuation and line breaks', () => {
  it('keeps primes with their figures and guillemets with their words', () => {
    expect(breakPieces('He is 5′10″ tall')).toEqual(['He ', 'is ', '5′10″ ', 'tall'])
    expect(breakPieces(sp('on dit "bonjour" ici', 'fr'))).toEqual([
      'on ',
      'dit ',
      `«${NNBSP}bonjour${NNBSP}» `,
      'ici',
    ])
  })
})
