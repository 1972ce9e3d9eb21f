import { parseTemplate } from '@templet/template'
import { describe, expect, it } from 'vitest'
import {
  addChoiceOption,
  markChoiceField,
  setChoiceValue,
  unmarkChoiceField,
  updateField,
} from '../src/index'
import { optionLabel, squareCard } from './card'

const template = squareCard('choice-card', [
  { id: 'title', type: 'text', text: 'Hello', size: 40, weight: 700, box: { x: 10, y: 20, w: 200, h: 60 } },
])

describe('choices of properties other than colours', () => {
  it('makes a weight a choice among options, each with this layer’s weight, and back', () => {
    const t = parseTemplate(
      markChoiceField(template, 'title', 'weight', 'Title weight', [
        { label: optionLabel(1) },
        { label: optionLabel(2), value: 400 },
      ]),
    )
    expect(t.fields[0]).toMatchObject({ key: 'title_weight', kind: 'choice', default: 'option1' })
    expect(t.layers[0]).toMatchObject({
      weight: { field: 'title_weight', map: { option1: 700, option2: 400 } },
    })
    const three = parseTemplate(
      setChoiceValue(addChoiceOption(t, 'title_weight', optionLabel(3)), 'title', 'weight', 'option3', 800),
    )
    expect(three.layers[0]).toMatchObject({ weight: { map: { option1: 700, option2: 400, option3: 800 } } })
    const back = unmarkChoiceField(
      updateField(three, 'title_weight', { default: 'option3' }),
      'title',
      'weight',
    )
    expect(back.layers[0]).toMatchObject({ weight: 800 })
    expect(back.fields).toEqual([])
  })

  it('makes an alignment a choice; the document parses', () => {
    const t = markChoiceField(template, 'title', 'align', 'Alignment', [
      { label: optionLabel(1) },
      { label: optionLabel(2), value: 'center' },
    ])
    expect(parseTemplate(t).layers[0]).toMatchObject({
      align: { map: { option1: 'start', option2: 'center' } },
    })
  })
})
