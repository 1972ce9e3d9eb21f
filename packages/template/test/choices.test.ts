import { type Canvas, createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import {
  choiceLabels,
  type DrawContext,
  drawLayer,
  effectiveValues,
  type ImageLayer,
  imageKey,
  imageSrc,
  layerText,
  parseTemplate,
  srcRefs,
  type TextLayer,
  validateValues,
} from '../src/index'
import { choiceField, label } from './choice-field'

/** A card with a logo from the author's set (light or dark), a title from a list, and a text in a box. */
const doc = () => ({
  id: 'choice-card',
  typeId: 'social-posts',
  name: label('Choices', '选项'),
  sizes: [{ id: 'square', width: 100, height: 100, label: label('Square', '方形') }],
  fields: [
    choiceField('logo', label('Logo', '标志'), [
      ['light', 'Light', '浅色'],
      ['dark', 'Dark', '深色'],
    ]),
    choiceField('title', label('Title', '称谓'), [
      ['dr', 'Dr', '博士'],
      ['prof', 'Prof', '教授'],
    ]),
    choiceField('place', label('Place', '位置'), [
      ['top', 'Top', '顶部'],
      ['bottom', 'Bottom', '底部'],
    ]),
  ] as Array<Record<string, unknown>>,
  layers: [
    {
      id: 'mark',
      type: 'image',
      src: { field: 'logo', map: { light: '11', dark: '12' } },
      fit: 'contain',
      box: { x: 0, y: 0, w: 40, h: 40 },
    },
    {
      id: 'greeting',
      type: 'text',
      text: 'Dear {{title}} Lee',
      size: 10,
      box: { x: 0, y: 50, w: 100, h: 10 },
    },
    {
      id: 'note',
      type: 'text',
      text: '■',
      size: 10,
      lineHeight: 1,
      valign: { field: 'place', map: { top: 'top', bottom: 'bottom' } },
      box: { x: 50, y: 0, w: 50, h: 40 },
    },
  ] as Array<Record<string, unknown>>,
  samples: { en: {}, 'zh-CN': {} },
})

const square = (color: string) => {
  const c = createCanvas(10, 10)
  const ctx = c.getContext('2d')
  ctx.fillStyle = color
  ctx.fillRect(0, 0, 10, 10)
  return c
}

describe('an image from the author’s set', () => {
  it('lists every image of the set with the option naming it, and keys the chosen one', () => {
    const t = parseTemplate(doc())
    const mark = t.layers[0] as ImageLayer
    expect(srcRefs(mark)).toEqual([
      { property: 'src.map.light', ref: '11' },
      { property: 'src.map.dark', ref: '12' },
    ])
    expect(imageSrc(mark, { logo: 'dark' })).toBe('12')
    expect(imageKey(mark, { logo: 'dark' })).toBe('src:12')
    expect(imageKey(mark, effectiveValues(t, {}, 'en'))).toBe('src:11')
    expect(srcRefs({ src: '7' })).toEqual([{ property: 'src', ref: '7' }])
  })

  it('draws the image of the option the customer picked', () => {
    const t = parseTemplate(doc())
    const images = new Map<string, Canvas>([
      ['src:11', square('#ff0000')],
      ['src:12', square('#0000ff')],
    ])
    const at = (values: Record<string, string>) => {
      const canvas = createCanvas(100, 100)
      const ctx = canvas.getContext('2d')
      const d: DrawContext<Canvas> = {
        ctx,
        sizeId: 'square',
        width: 100,
        height: 100,
        locale: 'en',
        values: effectiveValues(t, values, 'en'),
        images,
      }
      drawLayer(t.layers[0] as ImageLayer, d)
      return [...ctx.getImageData(20, 20, 1, 1).data]
    }
    expect(at({})).toEqual([255, 0, 0, 255])
    expect(at({ logo: 'dark' })).toEqual([0, 0, 255, 255])
  })

  it('refuses a set without a map, a map missing an option, a field that is no choice, naming layer and property', () => {
    const noMap = doc()
    ;(noMap.layers[0] as { src: unknown }).src = { field: 'logo' }
    expect(() => parseTemplate(noMap)).toThrow(
      /layer "mark", property "src.map": an image from a set needs a map from each option of "logo"/,
    )
    const short = doc()
    ;(short.layers[0] as { src: unknown }).src = { field: 'logo', map: { light: '11' } }
    expect(() => parseTemplate(short)).toThrow(/layer "mark", property "src.map": no entry for option "dark"/)
    const notChoice = doc()
    notChoice.fields.push({ key: 'tint', kind: 'color', label: label('Tint', '色调'), default: '#000000' })
    ;(notChoice.layers[0] as { src: unknown }).src = { field: 'tint', map: { a: '1' } }
    expect(() => parseTemplate(notChoice)).toThrow(
      /layer "mark", property "src.map": a map needs a choice field/,
    )
    const empty = doc()
    ;(empty.layers[0] as { src: unknown }).src = { field: 'logo', map: { light: '11', dark: '' } }
    expect(() => parseTemplate(empty)).toThrow(/layer "mark", property "src/)
  })
})

describe('a text from the author’s list', () => {
  it('inserts the chosen option’s label in the render’s language', () => {
    const t = parseTemplate(doc())
    const greeting = t.layers[1] as TextLayer
    const text = (values: Record<string, string>, locale: 'en' | 'zh-CN') => {
      const effective = effectiveValues(t, values, locale)
      return layerText(greeting, { locale, values: effective, labels: choiceLabels(t, effective, locale) })
    }
    expect(text({}, 'en')).toBe('Dear Dr Lee')
    expect(text({ title: 'prof' }, 'en')).toBe('Dear Prof Lee')
    expect(text({ title: 'prof' }, 'zh-CN')).toBe('Dear 教授 Lee')
    // Without labels (an older surface) the value itself: the labels are what every surface passes.
    expect(layerText(greeting, { locale: 'en', values: { title: 'prof' } })).toBe('Dear prof Lee')
  })

  it('refuses an option that is not in the list, naming the options', () => {
    const t = parseTemplate(doc())
    expect(validateValues(t, { title: 'mx' })).toEqual([
      { path: 'title', code: 'invalid_choice', params: { options: ['dr', 'prof'] } },
    ])
  })
})

describe('a text’s vertical alignment as a choice', () => {
  it('puts the text at the top or the bottom of its box as the customer picks', () => {
    const t = parseTemplate(doc())
    const note = t.layers[2] as TextLayer
    const inkRows = (values: Record<string, string>) => {
      const canvas = createCanvas(100, 100)
      const ctx = canvas.getContext('2d')
      drawLayer(note, {
        ctx,
        sizeId: 'square',
        width: 100,
        height: 100,
        locale: 'en',
        values: effectiveValues(t, values, 'en'),
        images: new Map(),
      })
      const data = ctx.getImageData(50, 0, 50, 40).data
      const rows: number[] = []
      for (let y = 0; y < 40; y++)
        for (let x = 0; x < 50; x++) if ((data[(y * 50 + x) * 4 + 3] ?? 0) > 128) rows.push(y)
      return { first: Math.min(...rows), last: Math.max(...rows) }
    }
    const top = inkRows({})
    const bottom = inkRows({ place: 'bottom' })
    expect(top.last).toBeLessThan(15)
    expect(bottom.first).toBeGreaterThan(25)
  })

  it('refuses a map missing an option', () => {
    const d = doc()
    ;(d.layers[2] as { valign: unknown }).valign = { field: 'place', map: { top: 'top' } }
    expect(() => parseTemplate(d)).toThrow(
      /layer "note", property "valign.map": no entry for option "bottom"/,
    )
  })
})
