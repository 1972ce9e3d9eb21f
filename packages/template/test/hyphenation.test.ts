import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  hyphenationLanguages,
  hyphenationLoaded,
  hyphenationPatterns,
  layoutText,
  loadHyphenation,
  parseTemplate,
  prepareText,
  type TemplateInput,
  textStyle,
  typesets,
} from '../src/index'
import { LAYOUT_CORPUS, proportionalContext } from './layout-corpus'
import { monospaceContext, style } from './monospace'

// 10 px a character at size 20 (the monospace surface): a box of w px holds w / 10 characters.
const lay = (text: string, w: number, over: Parameters<typeof style>[0] = {}) =>
  layoutText(monospaceContext(), text, style(over), { w, h: 1000 })

describe('soft hyphens', () => {
  it('a line may break at a soft hyphen, and then ends in a visible hyphen', () => {
    const layout = lay('incom\u00ADpre\u00ADhen\u00ADsi\u00ADble', 100)
    expect(layout.lines).toEqual(['incompre-', 'hensible'])
    expect(layout.placed.map((l) => l.hyphen)).toEqual([true, false])
    // The hyphen is counted in the line's width: nine characters.
    expect(layout.placed[0]?.width).toBe(90)
  })

  it('a soft hyphen where the line does not break draws nothing and is not in the text drawn', () => {
    const layout = lay('a co\u00ADop\u00ADer\u00ADa\u00ADtive', 300)
    expect(layout.lines).toEqual(['a cooperative'])
    expect(layout.content.text).toBe('a cooperative')
    expect(layout.placed[0]?.hyphen).toBe(false)
  })

  it('takes the last soft hyphen whose part and hyphen fit after the words before it', () => {
    expect(lay('see the extra\u00ADor\u00ADdi\u00ADnary', 150).lines).toEqual(['see the extra-', 'ordinary'])
  })

  it('keeps markup and declared languages where they were around removed soft hyphens', () => {
    const content = prepareText('**bold\u00ADface** 東京', style(), [{ start: 14, end: 16, lang: 'ja' }])
    expect(content.text).toBe('boldface 東京')
    expect(content.softHyphens).toEqual([4])
    expect(content.emphasis[0]).toBe(1)
    expect(content.emphasis[7]).toBe(1)
    expect(content.langs).toEqual([{ start: 9, end: 11, lang: 'ja' }])
  })

  it('a line cut with an ellipsis ends in the ellipsis, not a hyphen', () => {
    const layout = lay('incom\u00ADpre\u00ADhen\u00ADsi\u00ADble words', 100, { maxLines: 1 })
    expect(layout.lines[0]?.endsWith('…')).toBe(true)
    expect(layout.lines[0]).not.toContain('-')
  })
})

describe('hyphenation by language patterns', () => {
  beforeAll(() => loadHyphenation(['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'ru']))

  it('is off unless the style names a language: a long word then moves to the next line whole', () => {
    expect(lay('the extraordinary', 150).lines).toEqual(['the', 'extraordinary'])
  })

  it('hyphenates English where the patterns allow, with the hyphen on the line', () => {
    expect(lay('the extraordinary', 150, { hyphenate: 'en' }).lines).toEqual(['the extraordi-', 'nary'])
    expect(lay('the extraordinary', 120, { hyphenate: 'en' }).lines).toEqual(['the extraor-', 'dinary'])
  })

  const words: Array<[string, string]> = [
    ['de', 'Donaudampfschifffahrt'],
    ['fr', 'extraordinaire'],
    ['es', 'extraordinario'],
    ['it', 'straordinario'],
    ['nl', 'buitengewoon'],
    ['pt', 'extraordinário'],
    ['ru', 'достопримечательность'],
  ]
  it.each(words)('hyphenates %s by its patterns', (lang, word) => {
    const layout = lay(`la ${word}`, 110, { hyphenate: lang })
    expect(layout.placed[0]?.hyphen).toBe(true)
    expect(layout.lines[0]?.endsWith('-')).toBe(true)
    expect(layout.lines.join('').replace(/-/g, '')).toBe(`la ${word}`)
    for (const l of layout.placed) expect(l.width).toBeLessThanOrEqual(110)
  })

  it('a language without patterns is not hyphenated', () => {
    expect(hyphenationPatterns('ja')).toBeUndefined()
    expect(hyphenationPatterns('zh-CN')).toBeUndefined()
    expect(lay('the extraordinary', 150, { hyphenate: 'ja' }).lines).toEqual(['the', 'extraordinary'])
  })

  it('a value in a declared language is hyphenated by that language', () => {
    // English patterns would not break "Schifffahrt" after "Schiff".
    const text = 'go Schifffahrt'
    const content = prepareText(text, style(), [{ start: 3, end: 14, lang: 'de' }])
    const layout = layoutText(monospaceContext(), content, style({ hyphenate: 'en' }), { w: 100, h: 1000 })
    expect(layout.lines).toEqual(['go Schiff-', 'fahrt'])
  })

  it('names the patterns of regional tags', () => {
    expect(hyphenationPatterns('de-CH')).toBe('de')
    expect(hyphenationPatterns('en-GB')).toBe('en-gb')
    expect(hyphenationPatterns('en-US')).toBe('en')
    expect(hyphenationPatterns('pt-BR')).toBe('pt')
    expect(hyphenationPatterns('sr-Latn')).toBe('sr-latn')
  })

  it('a word whose soft hyphens say where it breaks breaks there alone', () => {
    expect(lay('the extraordi\u00ADnary', 150, { hyphenate: 'en' }).lines).toEqual(['the extraordi-', 'nary'])
  })
})

describe('words cut by force', () => {
  it('a Latin, Cyrillic or Greek word wider than the box gets a hyphen at the cut, which fits the box', () => {
    // Ten characters fit: nine letters and the hyphen.
    expect(lay('Rindfleischetikettierung', 100).lines).toEqual(['Rindfleis-', 'chetikett-', 'ierung'])
    expect(lay('Достопримечательность', 100).lines).toEqual(['Достоприм-', 'ечательно-', 'сть'])
    expect(lay('Καλημεροκαλησπέρα', 100).lines).toEqual(['Καλημεροκ-', 'αλησπέρα'])
  })

  it('an address is cut with no hyphen', () => {
    const layout = lay('https://example.com/averylongpath', 100)
    expect(layout.lines.length).toBeGreaterThan(2)
    expect(layout.placed.some((l) => l.hyphen)).toBe(false)
    expect(layout.lines.join('')).toBe('https://example.com/averylongpath')
  })

  it('a cut between a letter and a figure gets no hyphen', () => {
    expect(lay('ABCDEFGHI12345', 100).lines).toEqual(['ABCDEFGHI1', '2345'])
  })

  it('a Chinese or Japanese cut gets no hyphen, and leaves no closing bracket at a line start', () => {
    // Six characters fit: 「キャッシュ / 」は would start a line with 」, so ュ goes down with it.
    expect(lay('「キャッシュ」は', 60).lines).toEqual(['「キャッシ', 'ュ」は'])
    const layout = lay('あいうえお「かきくけこさしすせそ」と言った。', 60)
    expect(layout.placed.some((l) => l.hyphen)).toBe(false)
    for (const line of layout.lines) {
      expect('」』）。、'.includes(line[0] ?? '')).toBe(false)
      expect('「『（'.includes(line[line.length - 1] ?? '')).toBe(false)
    }
    expect(layout.lines.join('')).toBe('あいうえお「かきくけこさしすせそ」と言った。')
  })
})

describe('a text without hyphenation', () => {
  it('lays out exactly as the release before hyphenation did', () => {
    const before = JSON.parse(
      readFileSync(new URL('./fixtures/layout-corpus.json', import.meta.url), 'utf8'),
    ) as unknown[]
    const now = LAYOUT_CORPUS.map((c) => {
      const l = layoutText(proportionalContext(), c.text, c.style, c.box)
      return {
        size: l.size,
        lines: l.lines,
        placed: l.placed.map((p) => [p.start, p.end, p.paragraph, p.ellipsis, p.width]),
        width: l.width,
        truncated: l.truncated,
      }
    })
    expect(now).toEqual(before)
  })
})

const template = (text: Record<string, unknown>): TemplateInput => ({
  id: 'hyphen-card',
  typeId: 'social-posts',
  name: { en: 'Test', 'zh-CN': '测试' },
  sizes: [{ id: 'square', width: 400, height: 400, label: { en: 'Square', 'zh-CN': '方形' } }],
  fields: [
    { key: 'title', kind: 'text', label: { en: 'Title', 'zh-CN': '标题' }, default: 'Hello', maxLength: 40 },
  ],
  layers: [{ id: 'title', type: 'text', text: '{{title}}', size: 40, ...text }],
  samples: { en: {}, 'zh-CN': {} },
})

describe('the hyphenate option of a text layer', () => {
  it('is absent from a document saved before it, which parses unchanged and does not hyphenate', () => {
    const saved = template({})
    const t = parseTemplate(saved)
    const layer = t.layers[0]
    expect(layer && 'hyphenate' in layer).toBe(false)
    if (layer?.type !== 'text') throw new Error('a text layer')
    expect(textStyle(layer, { values: {}, sizeId: 'square', locale: 'en' })).not.toHaveProperty('hyphenate')
    expect(typesets(t)[0]).not.toHaveProperty('hyphenate')
    expect(hyphenationLanguages(t, { locale: 'en' })).toEqual([])
  })

  it('takes the layer’s language, else the values’, else the render’s locale, and the values’ declared ones', () => {
    const on = parseTemplate(template({ hyphenate: true }))
    const layer = on.layers[0]
    if (layer?.type !== 'text') throw new Error('a text layer')
    expect(textStyle(layer, { values: {}, sizeId: 'square', locale: 'en' }).hyphenate).toBe('en')
    expect(textStyle(layer, { values: {}, sizeId: 'square', locale: 'en', lang: 'de' }).hyphenate).toBe('de')
    const french = parseTemplate(template({ hyphenate: true, lang: 'fr' })).layers[0]
    if (french?.type !== 'text') throw new Error('a text layer')
    expect(textStyle(french, { values: {}, sizeId: 'square', locale: 'en', lang: 'de' }).hyphenate).toBe('fr')
    expect(hyphenationLanguages(on, { locale: 'zh-CN', valueLanguages: { title: 'ru' } })).toEqual([
      'zh-CN',
      'ru',
    ])
  })

  it('refuses what is not a boolean', () => {
    expect(() => parseTemplate(template({ hyphenate: 'yes' }))).toThrow(/hyphenate/)
  })

  it('loads each language’s patterns once, on demand', async () => {
    await loadHyphenation(['nl', 'nl-BE', 'ja', undefined])
    expect(hyphenationLoaded(['nl', 'ja'])).toBe(true)
  })
})
