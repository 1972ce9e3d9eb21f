import { loadCatalogue } from '@templet/catalogue'
import { describe, expect, it } from 'vitest'
import { validateValues } from '../src/index'

const template = (id: string) => {
  const t = loadCatalogue().templates.find((x) => x.id === id)
  if (!t) throw new Error(`no template ${id}`)
  return t
}

describe('validateValues', () => {
  const t = template('bold-quote')

  it('accepts the samples and an empty set of values (defaults are drawn)', () => {
    expect(validateValues(t, t.samples.en)).toEqual([])
    expect(validateValues(t, {})).toEqual([])
  })

  it('reports each problem with the field key as path, a code and params', () => {
    const issues = validateValues(t, {
      quote: '',
      author: 'x'.repeat(41),
      handle: 'two\nlines',
      palette: 'neon',
      accent: 'orange',
      nickname: 'Bo',
    })
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'nickname', code: 'unknown_field' },
        { path: 'quote', code: 'too_short', params: { min: 1, length: 0 } },
        { path: 'author', code: 'too_long', params: { max: 40, length: 41 } },
        { path: 'handle', code: 'not_single_line' },
        { path: 'palette', code: 'invalid_choice', params: { options: ['midnight', 'paper', 'forest'] } },
        { path: 'accent', code: 'invalid_color' },
      ]),
    )
    expect(issues).toHaveLength(6)
  })

  it('counts characters as people do: an emoji or a CJK character is one', () => {
    expect(validateValues(t, { author: '林'.repeat(40) })).toEqual([])
    expect(validateValues(t, { author: '👩‍🎨'.repeat(40) })).toEqual([])
    expect(validateValues(t, { author: '👩‍🎨'.repeat(41) })[0]).toMatchObject({ code: 'too_long' })
  })

  it('requires an image where the field says so', () => {
    const poster = template('exhibition-poster')
    const { photo: _, ...withoutPhoto } = poster.samples.en
    expect(validateValues(poster, withoutPhoto)).toEqual([{ path: 'photo', code: 'required' }])
  })
})

describe('characters the shipped fonts cannot draw', () => {
  const t = loadCatalogue().templates.find((x) => x.id === 'bold-quote')
  if (!t) throw new Error('no bold-quote')

  it('accepts every script the fonts ship, and emoji sequences', () => {
    const text =
      'Café Việt Привет Γειά σου 你好 設計 こんにちは 안녕하세요 مرحبا سلام שלום สวัสดี नमस्ते নমস্কার வணக்கம் សួស្តី 🎉👍🏽🏳️‍🌈🇯🇵1️⃣'
    expect(validateValues(t, { quote: text })).toEqual([])
  })

  it("accepts Japanese words with kana's long-vowel mark, Han's 〆 and full-width digits and letters", () => {
    for (const quote of ['ラーメン', 'コーヒー', 'ｺｰﾋｰ', '〆切は明日', '１２ＡＢ', 'Total ＄１２'])
      expect(validateValues(t, { quote }), quote).toEqual([])
  })

  it('reports a script none of the fonts has, naming the characters and the script', () => {
    // Ethiopic and Armenian are not shipped: they would come from whatever system fonts a machine has.
    expect(validateValues(t, { quote: 'ሰላም Բարեւ' })).toEqual([
      {
        path: 'quote',
        code: 'unsupported_characters',
        params: { characters: expect.arrayContaining(['ሰ', 'ላ', 'ም', 'Բ']), script: 'Ethiopic' },
      },
    ])
  })
})
