import type { TemplateField } from '@templet/api'
import { describe, expect, it } from 'vitest'
import { rulesFor } from './fields'

const base = { key: 'title', label: 'Title', labels: { en: 'Title', 'zh-CN': '标题' } }

/** The names of the rules `value` breaks (react-hook-form shows the first one's text). */
function broken(field: TemplateField, value: string): string[] {
  return Object.entries(rulesFor(field).validate)
    .filter(([, valid]) => !valid(value))
    .map(([name]) => name)
}

describe('the editor’s rules for a value, as the server applies them', () => {
  const text: TemplateField = {
    ...base,
    kind: 'text',
    defaults: { en: 'Hello', 'zh-CN': '你好' },
    minLength: 2,
    maxLength: 10,
    multiline: false,
  }

  it('counts a text in characters as people see them, between its minimum and maximum', () => {
    expect(broken(text, 'Hi')).toEqual([])
    expect(broken(text, 'H')).toEqual(['too_small'])
    expect(broken(text, 'x'.repeat(11))).toEqual(['too_big'])
    // Ten emoji with skin tones and ten Chinese characters are ten characters each.
    expect(broken(text, '👍🏽'.repeat(10))).toEqual([])
    expect(broken(text, '一二三四五六七八九十')).toEqual([])
    expect(broken(text, '一二三四五六七八九十一')).toEqual(['too_big'])
  })

  it('keeps a single-line text on one line, and lets an empty text draw the default when it may', () => {
    expect(broken(text, 'two\nlines')).toEqual(['not_single_line'])
    expect(broken({ ...text, multiline: true }, 'two\nlines')).toEqual([])
    expect(broken({ ...text, minLength: undefined }, '')).toEqual([])
    expect(broken(text, '')).toEqual(['too_small'])
  })

  it('asks for a required photo only', () => {
    expect(broken({ ...base, kind: 'image', required: true }, '')).toEqual(['required'])
    expect(broken({ ...base, kind: 'image', required: false }, '')).toEqual([])
    expect(broken({ ...base, kind: 'image', required: true }, '12')).toEqual([])
  })

  it('takes a colour as #rrggbb and a choice among its options', () => {
    const color: TemplateField = { ...base, kind: 'color', default: '#112233' }
    expect(broken(color, '#a1B2c3')).toEqual([])
    for (const bad of ['#12345', 'red', '#1122334', 'a1b2c3'])
      expect(broken(color, bad), bad).toEqual(['invalid_format'])
    const choice: TemplateField = {
      ...base,
      kind: 'choice',
      default: 'left',
      options: [
        { value: 'left', label: 'Left', labels: { en: 'Left', 'zh-CN': '左' } },
        { value: 'right', label: 'Right', labels: { en: 'Right', 'zh-CN': '右' } },
      ],
    }
    expect(broken(choice, 'right')).toEqual([])
    expect(broken(choice, 'middle')).toEqual(['invalid_value'])
  })
})
