import { type Layer, parseTemplate } from '@templet/template'
import { describe, expect, it } from 'vitest'
import {
  createDesignerRegistry,
  DEFAULT_FONTS,
  DESIGNER_STRINGS_EN,
  type DesignerLayerKind,
  designerKinds,
  type PropertyControl,
} from '../src/index'
import { twoSizeCard } from './card'

const template = twoSizeCard('kinds-card', [{ id: 'bg', type: 'shape', fill: '#ffffff' }])
const words = { text: 'Your text', link: 'https://example.com', image: { en: 'Image', 'zh-CN': '图片' } }

/** A layer kind the product does not have: a badge, a circle with a number. */
interface Badge {
  id: string
  type: 'badge'
  box: { x: number; y: number; w: number; h: number }
  number: number
}

const badgeKind: DesignerLayerKind<Badge> = {
  type: 'badge',
  adds: [
    {
      id: 'badge',
      label: 'addEllipse',
      name: 'ellipse',
      icon: null,
      make: (_t, size) => ({
        layer: {
          id: 'badge',
          type: 'badge',
          box: { x: 0, y: 0, w: size.width / 10, h: size.width / 10 },
          number: 1,
        },
      }),
    },
  ],
  section: 'shape',
  properties: (layer, { update }) => [
    {
      control: 'number',
      label: 'Number',
      value: layer.number,
      min: 1,
      max: 99,
      set: (n) => update({ number: n }),
    },
  ],
  scale: (layer, k) => ({ ...layer, number: layer.number * k }),
}

describe('designer kinds', () => {
  const registry = createDesignerRegistry<Layer | Badge>([...designerKinds.kinds, badgeKind])

  it('offer a kind added to the registry in the Add menu, make a new layer of it, and list its properties', () => {
    expect(registry.addMenu(false).map((a) => a.id)).toEqual([
      'text',
      'image',
      'rect',
      'ellipse',
      'line',
      'qr',
      'badge',
    ])
    const { layer } = registry.newLayer(template, 'square', 'badge', words)
    expect(layer).toEqual({ id: 'badge', type: 'badge', box: { x: 0, y: 0, w: 40, h: 40 }, number: 1 })
    const patches: unknown[] = []
    const { section, controls } = registry.properties(layer, {
      t: template,
      sizeId: 'square',
      strings: DESIGNER_STRINGS_EN,
      locale: 'en',
      fonts: DEFAULT_FONTS,
      update: (patch) => patches.push(patch),
      disabled: false,
    })
    expect(section).toBe('shape')
    expect(controls).toMatchObject([{ control: 'number', label: 'Number', value: 1 }])
    const [number] = controls
    if (number?.control === 'number') number.set(7, 'typing')
    expect(patches).toEqual([{ number: 7 }])
    expect(registry.scale(template, layer, 'square', 2)).toMatchObject({ number: 2 })
  })

  it('refuse two kinds of one layer type, a layer of no kind and two items placing an upload', () => {
    expect(() => createDesignerRegistry<Layer | Badge>([badgeKind, badgeKind])).toThrow(/one layer type/)
    expect(() => designerKinds.kindOf({ type: 'badge' })).toThrow(/no kind/)
    const upload = designerKinds.uploadEntry
    if (!upload) throw new Error('no Add menu item places an upload')
    const uploadingBadge = {
      ...badgeKind,
      adds: [{ ...upload, id: 'badgeLogo' } as unknown as (typeof badgeKind.adds)[number]],
    }
    expect(() => createDesignerRegistry<Layer | Badge>([...designerKinds.kinds, uploadingBadge])).toThrow(
      /place an upload/,
    )
    expect(designerKinds.addMenu(true).map((a) => a.id)).toContain(upload.id)
    expect(designerKinds.addMenu(false).map((a) => a.id)).not.toContain(upload.id)
  })

  it('make each Add menu item a layer the model reads, named in the designer words', () => {
    for (const entry of designerKinds.addMenu(false)) {
      const { layer, field } = designerKinds.newLayer(template, 'square', entry.id, words)
      const fields = field ? [field] : []
      expect(() => parseTemplate({ ...template, fields, layers: [layer] })).not.toThrow()
      expect(designerKinds.kindOf(layer).adds).toContain(entry)
      expect(DESIGNER_STRINGS_EN[entry.label]).toBeTruthy()
      expect(DESIGNER_STRINGS_EN[entry.name]).toBeTruthy()
    }
  })

  it('list the properties of every kind under its own section', () => {
    for (const kind of designerKinds.kinds)
      for (const entry of kind.adds.filter((a) => a.make)) {
        const { layer } = designerKinds.newLayer(template, 'square', entry.id, words)
        const { section, controls } = designerKinds.properties(layer, {
          t: template,
          sizeId: 'square',
          strings: DESIGNER_STRINGS_EN,
          locale: 'en',
          fonts: DEFAULT_FONTS,
          update: () => {},
          disabled: false,
        })
        expect(section).toBe(kind.section)
        expect(controls.length).toBeGreaterThan(0)
      }
  })
})

describe("a text's outline and shadow in the designer", () => {
  const registry = designerKinds
  const text = parseTemplate({
    ...template,
    layers: [{ id: 'title', type: 'text', text: 'Hello', size: 40, box: { x: 10, y: 10, w: 200, h: 60 } }],
  }).layers[0] as Extract<Layer, { type: 'text' }>
  /** The text's controls, and the patches they make when set. */
  const controlsOf = (layer: Layer) => {
    const patches: Record<string, unknown>[] = []
    const { controls } = registry.properties(layer, {
      t: template,
      sizeId: 'square',
      strings: DESIGNER_STRINGS_EN,
      locale: 'en',
      fonts: DEFAULT_FONTS,
      update: (patch) => patches.push(patch as Record<string, unknown>),
      disabled: false,
    })
    return { controls, patches }
  }
  const checkbox = (controls: ReturnType<typeof controlsOf>['controls'], label: string) => {
    const c = controls.find((x) => x.control === 'checkbox' && x.label === label)
    if (c?.control !== 'checkbox') throw new Error(`no ${label} checkbox`)
    return c
  }

  it('ticking Outline and Shadow gives the text ones drawn to its size, which the model reads', () => {
    const { controls, patches } = controlsOf(text)
    checkbox(controls, 'Outline').set(true)
    checkbox(controls, 'Shadow').set(true)
    expect(patches).toEqual([
      { outline: { color: '#ffffff', width: 2 } },
      { shadow: { color: '#00000059', x: 0, y: 2, blur: 4 } },
    ])
    const styled = { ...text, ...patches[0], ...patches[1] }
    expect(() => parseTemplate({ ...template, layers: [styled] })).not.toThrow()
    // With them, their colour, width, offset and blur are offered; a customer may be given the outline's colour to pick.
    const labelOf = (c: PropertyControl): string[] =>
      c.control === 'row' ? c.controls.flatMap(labelOf) : 'label' in c ? [c.label] : []
    const labels = controlsOf(styled as Layer).controls.flatMap(labelOf)
    expect(labels).toEqual(
      expect.arrayContaining([
        'Outline: Colour',
        'Outline width',
        'Shadow: Colour',
        'Shadow X',
        'Shadow Y',
        'Shadow blur',
      ]),
    )
    const textKind = registry.kinds.find((k) => k.type === 'text') as DesignerLayerKind<Layer>
    expect(textKind.colours?.(styled as Layer)).toEqual(['color', 'outline.color'])
  })

  it('starts an outline in black around light letters, white around dark ones', () => {
    const light = controlsOf({ ...text, color: '#f5efe6' } as Layer)
    checkbox(light.controls, 'Outline').set(true)
    expect(light.patches).toEqual([{ outline: { color: '#000000', width: 2 } }])
  })

  it('scales them with the text in the first size', () => {
    const styled = {
      ...text,
      outline: { color: '#ffffff', width: 2 },
      shadow: { color: '#000000', x: 1, y: 2, blur: 4 },
    } as Layer
    expect(registry.scale(template, styled, 'square', 1.5)).toMatchObject({
      size: 60,
      outline: { width: 3 },
      shadow: { x: 1.5, y: 3, blur: 6 },
    })
  })
})
