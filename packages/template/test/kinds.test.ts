import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  type Canvas2D,
  colorSchema,
  createFieldRegistry,
  createLayerRegistry,
  type DrawContext,
  type FieldPlugin,
  fieldKinds,
  fieldSchema,
  type LayerPlugin,
  layerBase,
  layerKinds,
  layerSchema,
  localizedTextSchema,
  resolveColor,
} from '../src/index'

// A kind the product does not have, written as a kind's folder would write it: a dot in its box's centre.
const dotLayerSchema = z
  .object({ ...layerBase, type: z.literal('dot'), color: colorSchema.default('#000000') })
  .strict()
type DotLayer = z.infer<typeof dotLayerSchema>

const dotLayer: LayerPlugin<DotLayer, z.input<typeof dotLayerSchema>> = {
  type: 'dot',
  schema: dotLayerSchema,
  draw(layer, box, d) {
    d.ctx.beginPath()
    d.ctx.arc(box.x + box.w / 2, box.y + box.h / 2, Math.min(box.w, box.h) / 2, 0, Math.PI * 2)
    d.ctx.fillStyle = resolveColor(layer.color, d.values)
    d.ctx.fill()
    return undefined
  },
  bindings: (layer) => [['color', layer.color, 'color']],
  check: () => [],
}

// And a field kind: a rating of 1 to 5 stars.
const ratingFieldSchema = z
  .object({
    key: z.string(),
    kind: z.literal('rating'),
    label: localizedTextSchema,
    default: z.number().int().min(1).max(5),
  })
  .strict()
type RatingField = z.infer<typeof ratingFieldSchema>
interface RatingView {
  key: string
  label: string
  labels: RatingField['label']
  kind: 'rating'
  default: string
}
const isStars = (v: string) => /^[1-5]$/.test(v)

const ratingField: FieldPlugin<RatingField, z.input<typeof ratingFieldSchema>, RatingField, RatingView> = {
  kind: 'rating',
  schema: ratingFieldSchema,
  rules: {
    check: (f, v) =>
      v !== undefined && !isStars(v)
        ? [{ path: f.key, code: 'invalid_choice', params: { options: ['1', '2', '3', '4', '5'] } }]
        : [],
    effective: (f, v) => (v && isStars(v) ? v : String(f.default)),
  },
  check: () => [],
  project: (f) => ({
    key: f.key,
    label: f.label.en,
    labels: f.label,
    kind: 'rating',
    default: String(f.default),
  }),
  required: () => false,
  startValue: (view, sample) => sample ?? view.default,
  typed: false,
  longestText: () => 1,
}

const layers = createLayerRegistry([...layerKinds.kinds, dotLayer])
const fields = createFieldRegistry([...fieldKinds.kinds, ratingField])

/** A Canvas2D that records what is drawn: each call with its arguments, each property set with its value. */
function recordingCanvas() {
  const calls: Array<[string, ...unknown[]]> = []
  const ctx = new Proxy(
    {},
    {
      get:
        (_, name: string) =>
        (...args: unknown[]) => {
          calls.push([name, ...args])
        },
      set: (_, name: string, value: unknown) => {
        calls.push([`${name}=`, value])
        return true
      },
    },
  ) as Canvas2D
  return { ctx, calls }
}

const context = (ctx: Canvas2D, values: Record<string, string>): DrawContext => ({
  ctx,
  sizeId: 'square',
  width: 100,
  height: 100,
  locale: 'en',
  values,
  images: new Map(),
})

describe('a kind added to a registry of its own', () => {
  const dot = layers.schema.parse({
    id: 'dot',
    type: 'dot',
    box: { x: 10, y: 20, w: 40, h: 40 },
    opacity: 0.5,
    color: { field: 'accent' },
  })

  it('parses beside the product kinds, with its defaults, and the product registry still refuses it', () => {
    expect(dot).toMatchObject({ type: 'dot', color: { field: 'accent' } })
    expect(layers.schema.parse({ id: 'd', type: 'dot' })).toEqual({ id: 'd', type: 'dot', color: '#000000' })
    expect(layers.schema.parse({ id: 't', type: 'text', text: 'Hi', size: 10 })).toMatchObject({
      font: 'sans',
    })
    expect(layerSchema.safeParse({ id: 'd', type: 'dot' }).success).toBe(false)
    expect(layers.schema.safeParse({ id: 'd', type: 'dot', radius: 3 }).success).toBe(false)
  })

  it('draws through the generic drawing: its opacity, its box and its bound colour', () => {
    const { ctx, calls } = recordingCanvas()
    layers.draw(dot, context(ctx, { accent: '#00ff00' }))
    expect(calls).toEqual([
      ['save'],
      ['globalAlpha=', 0.5],
      ['beginPath'],
      ['arc', 30, 40, 20, 0, Math.PI * 2],
      ['fillStyle=', '#00ff00'],
      ['fill'],
      ['restore'],
    ])
  })

  it('is not drawn when hidden or when its `when` does not hold', () => {
    const { ctx, calls } = recordingCanvas()
    layers.draw({ ...dot, hidden: true }, context(ctx, {}))
    layers.draw({ ...dot, when: { field: 'accent', in: ['#ffffff'] } }, context(ctx, { accent: '#00ff00' }))
    expect(calls).toEqual([])
  })

  it('binds: its bound property is read and checked like any kind’s', () => {
    expect(layers.bindings(dot)).toEqual([['color', { field: 'accent' }, 'color']])
    expect(layers.check(dot, new Map([['accent', { kind: 'color' }]]))).toEqual([])
    expect(layers.typeset(dot)).toBeUndefined()
    expect(layers.images(dot, {})).toEqual([])
  })

  it('a field kind projects, starts, checks and falls back through the generic code', () => {
    const rating = fields.schema.parse({
      key: 'stars',
      kind: 'rating',
      label: { en: 'Stars', 'zh-CN': '星级' },
      default: 4,
    })
    const view = fields.project(rating, [])
    expect(view).toEqual({
      key: 'stars',
      label: 'Stars',
      labels: { en: 'Stars', 'zh-CN': '星级' },
      kind: 'rating',
      default: '4',
    })
    expect(fields.required(view)).toBe(false)
    expect(fields.startValue(view, {}, 'en')).toBe('4')
    expect(fields.checkValue(rating, '9')).toEqual([
      { path: 'stars', code: 'invalid_choice', params: { options: ['1', '2', '3', '4', '5'] } },
    ])
    expect(fields.effective(rating, '9', 'en')).toBe('4')
    expect(fields.longestText(rating)).toBe(1)
    expect(fields.upload(rating, '4')).toBeUndefined()
    expect(fields.takesUpload(rating)).toBe(false)
    expect(fieldSchema.safeParse(rating).success).toBe(false)
  })

  it('refuses two kinds of one type', () => {
    expect(() => createLayerRegistry([dotLayer, dotLayer])).toThrow('two layer kinds of type "dot"')
    expect(() => createFieldRegistry([ratingField, ratingField])).toThrow('two field kinds "rating"')
  })
})

describe("the product's registries", () => {
  it('answer for each kind what the renderer and the server ask of a layer', () => {
    const set = layerSchema.parse({
      id: 'logo',
      type: 'image',
      src: { field: 'theme', map: { light: '17', dark: '18' } },
    })
    expect(layerKinds.imageSet(set)).toEqual({ field: 'theme', map: { light: '17', dark: '18' } })
    expect(layerKinds.authorImages(set)).toEqual([
      { property: 'src.map.light', ref: '17' },
      { property: 'src.map.dark', ref: '18' },
    ])
    expect(layerKinds.images(set, { theme: 'dark' })).toEqual([{ key: 'src:18', src: '18', fit: 'cover' }])
    expect(layerKinds.bleeds(set)).toBe(true)
    const ellipse = layerSchema.parse({
      id: 'o',
      type: 'shape',
      shape: 'ellipse',
      shadow: { color: '#000000' },
    })
    expect([layerKinds.bleeds(ellipse), layerKinds.shadowed(ellipse)]).toEqual([false, true])
    const text = layerSchema.parse({
      id: 't',
      type: 'text',
      text: 'Hi {{name}}',
      size: 10,
      font: { field: 'face' },
    })
    expect(layerKinds.typeset(text)).toEqual({
      texts: ['Hi {{name}}'],
      families: ['sans', 'serif', 'grotesk'],
      lang: undefined,
      markup: true,
    })
    expect([layerKinds.typeset(set), layerKinds.imageSet(text), layerKinds.authorImages(text)]).toEqual([
      undefined,
      undefined,
      [],
    ])
  })

  it("make the document's schemas: each kind's type picks its own schema", () => {
    for (const kind of layerKinds.kinds) {
      const issues = layerSchema.safeParse({ id: 'x', type: kind.type }).error?.issues ?? []
      expect(issues.some((i) => i.path[0] === 'type')).toBe(false)
    }
    for (const kind of fieldKinds.kinds) {
      const issues = fieldSchema.safeParse({ key: 'x', kind: kind.kind }).error?.issues ?? []
      expect(issues.some((i) => i.path[0] === 'kind')).toBe(false)
    }
    expect(layerSchema.safeParse({ id: 'x', type: 'dot' }).error?.issues[0]?.path).toEqual(['type'])
  })
})
