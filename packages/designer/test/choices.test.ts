import { parseTemplate } from '@templet/template'
import { describe, expect, it } from 'vitest'
import {
  addChoiceOption,
  fixedImageRefs,
  markChoiceField,
  markTextChoice,
  removeChoiceOption,
  setChoiceValue,
  textChoiceOf,
  unmarkChoiceField,
  unmarkTextChoice,
} from '../src/index'
import { optionLabel, squareCard } from './card'

const template = squareCard('choice-card', [
  { id: 'title', name: 'Title', type: 'text', text: 'Dr', size: 40, box: { x: 10, y: 20, w: 200, h: 60 } },
  { id: 'logo', name: 'Logo', type: 'image', src: '17', box: { x: 10, y: 100, w: 100, h: 100 } },
])

describe('a text from a list', () => {
  it('makes a text layer’s words the first of a list, the layer showing the choice, and back', () => {
    const t = parseTemplate(markTextChoice(template, 'title', 'Title', { en: 'Prof', 'zh-CN': '教授' }))
    expect(t.layers[0]).toMatchObject({ text: '{{title}}' })
    const list = textChoiceOf(t, t.layers[0] as (typeof t.layers)[number])
    expect(list).toMatchObject({
      key: 'title',
      kind: 'choice',
      default: 'option1',
      options: [
        { value: 'option1', label: { en: 'Dr', 'zh-CN': 'Dr' } },
        { value: 'option2', label: { en: 'Prof', 'zh-CN': '教授' } },
      ],
    })
    const three = parseTemplate(addChoiceOption(t, 'title', optionLabel(3)))
    expect(three.fields[0]).toMatchObject({ options: [{}, {}, { value: 'option3' }] })
    const back = unmarkTextChoice(t, 'title')
    expect(back.layers[0]).toMatchObject({ text: 'Dr' })
    expect(back.fields).toEqual([])
    // A default of two languages comes back as a localised text.
    const zh = unmarkTextChoice({ ...t, fields: [{ ...t.fields[0], default: 'option2' } as never] }, 'title')
    expect(zh.layers[0]).toMatchObject({ text: { en: 'Prof', 'zh-CN': '教授' } })
  })

  it('leaves a text that already inserts a field alone', () => {
    const withField = {
      ...template,
      layers: template.layers.map((l) => (l.id === 'title' ? { ...l, text: 'Hi {{name}}' } : l)),
    }
    expect(markTextChoice(withField as never, 'title', 'Title', optionLabel(2))).toBe(withField)
  })
})

describe('an image from a set', () => {
  it('makes a fixed image a choice among the author’s images, each option its own, and back', () => {
    const t = parseTemplate(
      markChoiceField(template, 'logo', 'src', 'Logo', [
        { label: optionLabel(1) },
        { label: optionLabel(2), value: '17' },
      ]),
    )
    expect(t.layers[1]).toMatchObject({ src: { field: 'logo_src', map: { option1: '17', option2: '17' } } })
    const dark = parseTemplate(setChoiceValue(t, 'logo', 'src', 'option2', '18'))
    expect(dark.layers[1]).toMatchObject({ src: { map: { option1: '17', option2: '18' } } })
    expect(fixedImageRefs(dark)).toEqual(['17', '18'])
    const three = parseTemplate(addChoiceOption(dark, 'logo_src', optionLabel(3)))
    expect(three.layers[1]).toMatchObject({ src: { map: { option3: '17' } } })
    const two = parseTemplate(removeChoiceOption(three, 'logo_src', 'option1'))
    expect(two.layers[1]).toMatchObject({ src: { map: { option2: '18', option3: '17' } } })
    const back = unmarkChoiceField(dark, 'logo', 'src')
    expect(back.layers[1]).toMatchObject({ src: '17' })
    expect(back.fields).toEqual([])
  })

  it('makes a text’s vertical alignment a choice; the document parses', () => {
    const t = markChoiceField(template, 'title', 'valign', 'Position', [
      { label: optionLabel(1) },
      { label: optionLabel(2), value: 'bottom' },
    ])
    expect(parseTemplate(t).layers[0]).toMatchObject({
      valign: { field: 'title_valign', map: { option1: 'top', option2: 'bottom' } },
    })
  })
})
