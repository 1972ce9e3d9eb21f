import { describe, expect, it } from 'vitest'
import { checkField } from '../src/fields/rules'
import { effectiveValues, parseTemplate, type TemplateInput, validateValues } from '../src/index'
import { choiceField, label } from './choice-field'

const template = parseTemplate({
  id: 'values-card',
  typeId: 'social-posts',
  name: { en: 'Values', 'zh-CN': '值' },
  sizes: [{ id: 'square', width: 400, height: 400, label: { en: 'Square', 'zh-CN': '方形' } }],
  fields: [
    {
      key: 'title',
      kind: 'text',
      label: { en: 'Title', 'zh-CN': '标题' },
      default: { en: 'Hello', 'zh-CN': '你好' },
      minLength: 2,
      maxLength: 5,
    },
    { key: 'accent', kind: 'color', label: { en: 'Accent', 'zh-CN': '强调色' }, default: '#ff0000' },
    choiceField('mood', label('Mood', '心情'), [
      ['calm', 'Calm', '平静'],
      ['loud', 'Loud', '热烈'],
    ]),
    { key: 'photo', kind: 'image', label: { en: 'Photo', 'zh-CN': '照片' }, required: true },
  ],
  layers: [
    { id: 'photo', type: 'image', field: 'photo' },
    { id: 'title', type: 'text', text: '{{title}}', size: 40, box: { x: 10, y: 10, w: 380, h: 100 } },
  ],
  samples: { en: {}, 'zh-CN': {} },
} satisfies TemplateInput)

describe('validateValues', () => {
  it('names each problem by field key and code', () => {
    const issues = validateValues(template, {
      title: 'far too long',
      accent: 'red',
      mood: 'angry',
      photo: '7@2,0.5',
      extra: 'x',
    })
    expect(issues.map((i) => `${i.path}:${i.code}`).sort()).toEqual([
      'accent:invalid_color',
      'extra:unknown_field',
      'mood:invalid_choice',
      'photo:invalid_focus',
      'title:too_long',
    ])
  })

  it('counts a text as a person does: an emoji with a skin tone is one character', () => {
    expect(validateValues(template, { title: '👍🏽👍🏽', photo: '1' })).toEqual([])
  })

  it('checks characters only with the fonts of the surface that draws', () => {
    expect(validateValues(template, { title: 'ab', photo: '1' })).toEqual([])
    const noB = (text: string) => [...text].filter((c) => c === 'b')
    expect(validateValues(template, { title: 'ab', photo: '1' }, { uncoveredCharacters: noB })).toEqual([
      { path: 'title', code: 'unsupported_characters', params: { characters: ['b'], script: 'Latin' } },
    ])
  })

  it('applies the same rules to a field as the API describes it (no labels needed)', () => {
    expect(checkField({ key: 'title', kind: 'text', maxLength: 3 }, 'four')).toEqual([
      { path: 'title', code: 'too_long', params: { max: 3, length: 4 } },
    ])
    expect(checkField({ key: 'photo', kind: 'image', required: true }, '')).toEqual([
      { path: 'photo', code: 'required' },
    ])
  })
})

describe('effectiveValues', () => {
  it('fills defaults in the language drawn and replaces values the fields refuse', () => {
    expect(effectiveValues(template, { accent: 'nope', mood: 'angry' }, 'zh-CN')).toEqual({
      title: '你好',
      accent: '#ff0000',
      mood: 'calm',
    })
  })
})
