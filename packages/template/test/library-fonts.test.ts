import { libraryFamilies, libraryFamily } from '@templet/fonts'
import { describe, expect, it } from 'vitest'
import { isFontFamily, parseTemplate, runFaces, type TemplateInput } from '../src/index'
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
})
