import { libraryFamilies, libraryFamily } from '@templet/fonts'
import { describe, expect, it } from 'vitest'
import {
  cssFont,
  drawnWeight,
  familyWeights,
  isFontFamily,
  parseTemplate,
  runFaces,
  type TemplateInput,
} from '../src/index'
import { parseError } from './parse-error'

const withTitle = (title: Record<string, unknown>): TemplateInput => ({
  id: 'test-card',
  typeId: 'social-posts',
  name: { en: 'Test', 'zh-CN': '测试' },
  sizes: [{ id: 'square', width: 400, height: 400, label: { en: 'Square', 'zh-CN': '方形' } }],
  fields: [],
  layers: [
    { id: 'title', type: 'text', text: 'Hello', size: 40, box: { x: 10, y: 10, w: 380, h: 100 }, ...title },
  ],
  samples: { en: {}, 'zh-CN': {} },
})

describe('the font library in the model', () => {
  it('lists at least 300 families of every category, with scripts and real italics', () => {
    expect(libraryFamilies.length).toBeGreaterThanOrEqual(300)
    const categories = new Set(libraryFamilies.map((f) => f.category))
    expect([...categories].sort()).toEqual(['display', 'handwriting', 'monospace', 'sans-serif', 'serif'])
    for (const script of ['cyrillic', 'greek', 'arabic', 'hebrew', 'devanagari', 'thai'])
      expect(libraryFamilies.some((f) => (f.scripts as string[]).includes(script))).toBe(true)
    expect(libraryFamily('lora')?.italics).toContain(400)
  })

  it('accepts a library family at a weight and italic it has', () => {
    const t = parseTemplate(withTitle({ font: 'lib-lora', weight: 700, italic: true }))
    const title = t.layers[0]
    expect(title?.type === 'text' && title.font).toBe('lib-lora')
    expect(isFontFamily('lib-lora')).toBe(true)
  })

  it('refuses a family the library does not have, a weight it lacks and an italic it lacks', () => {
    expect(parseError(withTitle({ font: 'lib-comic-sans' })).issues[0]).toMatchObject({ property: 'font' })
    // Bebas Neue ships one upright weight, 400.
    expect(parseError(withTitle({ font: 'lib-bebas-neue', weight: 700 })).message).toContain('no weight 700')
    expect(parseError(withTitle({ font: 'lib-bebas-neue', italic: true })).message).toContain('no italic')
  })

  it('draws the scripts the family has in its face and the others in the built-in faces', () => {
    // Lora has Latin and Cyrillic, no Arabic.
    expect(runFaces('lib-lora', 'latin')).toEqual(['Templet Library lora', ...runFaces('sans', 'latin')])
    expect(runFaces('lib-lora', 'cyrillic')[0]).toBe('Templet Library lora')
    expect(runFaces('lib-lora', 'arabic')).toEqual(runFaces('sans', 'arabic'))
    expect(runFaces('lib-lora', 'emoji')).toEqual(runFaces('sans', 'emoji'))
  })

  it('accepts 100 to 900 in a library family that ships them, and only there', () => {
    // Roboto ships every weight from Thin to Black, upright and italic.
    expect(libraryFamily('roboto')?.weights).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900])
    for (const weight of [100, 200, 300, 900]) {
      const t = parseTemplate(withTitle({ font: 'lib-roboto', weight, italic: true }))
      expect(t.layers[0]?.type === 'text' && t.layers[0].weight).toBe(weight)
    }
    // Lora ships 400 to 700: no Thin, no Black; the message names what it has.
    const error = parseError(withTitle({ font: 'lib-lora', weight: 900 }))
    expect(error.issues[0]).toMatchObject({ property: 'weight' })
    expect(error.message).toContain('Lora has no weight 900; its weights are 400, 500, 600, 700')
    // A weight the model has never had is refused by the schema.
    expect(parseError(withTitle({ font: 'lib-roboto', weight: 350 })).issues[0]).toMatchObject({
      property: 'weight',
    })
  })

  it('keeps the built-in and brand families at 400 to 800, naming them when another is asked', () => {
    for (const font of ['sans', 'serif', 'grotesk', 'brand-abcdefgh12']) {
      expect(familyWeights(font)).toEqual([400, 500, 600, 700, 800])
      for (const weight of [400, 800]) expect(() => parseTemplate(withTitle({ font, weight }))).not.toThrow()
      for (const weight of [100, 300, 900])
        expect(parseError(withTitle({ font, weight })).message).toContain(
          `no weight ${weight}; its weights are 400, 500, 600, 700, 800`,
        )
    }
    // A choice of weights is checked option by option.
    const choice = withTitle({ weight: { field: 'heft', map: { light: 300, bold: 700 } } })
    choice.fields = [
      {
        key: 'heft',
        kind: 'choice',
        label: { en: 'Weight', 'zh-CN': '字重' },
        default: 'bold',
        options: [
          { value: 'light', label: { en: 'Light', 'zh-CN': '细' } },
          { value: 'bold', label: { en: 'Bold', 'zh-CN': '粗' } },
        ],
      },
    ] as TemplateInput['fields']
    expect(parseError(choice).message).toContain('no weight 300')
  })

  it('draws a weight a family lacks as documents saved before drew it', () => {
    // Lato ships 100, 300, 400, 700 and 900: the bold inside a semibold text (800) stays its 700, not its 900.
    expect(libraryFamily('lato')?.weights).toEqual([100, 300, 400, 700, 900])
    expect(drawnWeight('lib-lato', 800)).toBe(700)
    expect(cssFont({ family: 'lib-lato', system: 'latin', weight: 800, size: 10 })).toMatch(/^700 10px/)
    // A lighter match is left to the surface (which emboldens it, as before); the weights it ships are kept.
    expect(drawnWeight('lib-lobster', 700)).toBe(700)
    expect(drawnWeight('lib-lato', 900)).toBe(900)
    expect(drawnWeight('sans', 800)).toBe(800)
  })
})
