import { describe, expect, it } from 'vitest'
import { type Canvas2D, type DrawContext, decorationLine, drawLayer, parseTemplate } from '../src/index'
import { monospaceContext } from './monospace'

interface Rect {
  x: number
  y: number
  w: number
  h: number
  color: unknown
}

/** The monospace surface (a character half the size wide) recording what is filled and at which baseline. */
function recording() {
  const ctx = monospaceContext() as unknown as Record<string, unknown>
  const rects: Rect[] = []
  const strokes: Rect[] = []
  const texts: Array<{ text: string; x: number; y: number }> = []
  const nothing = () => {}
  for (const name of [
    'save',
    'restore',
    'translate',
    'rotate',
    'scale',
    'beginPath',
    'rect',
    'clip',
    'setTransform',
  ])
    ctx[name] = nothing
  // Word spacing as a canvas has it: each space widened by it (the justified lines' measure).
  const measure = ctx.measureText as (t: string) => { width: number }
  Object.assign(ctx, {
    wordSpacing: '0px',
    measureText: (t: string) => {
      const m = measure(t)
      return {
        ...m,
        width: m.width + Number.parseFloat(ctx.wordSpacing as string) * (t.match(/ /g)?.length ?? 0),
      }
    },
    fillStyle: '#000',
    fillText: (text: string, x: number, y: number) => texts.push({ text, x, y }),
    strokeText: () => {},
    fillRect: (x: number, y: number, w: number, h: number) =>
      rects.push({ x, y, w, h, color: ctx.fillStyle }),
    strokeRect: (x: number, y: number, w: number, h: number) =>
      strokes.push({ x, y, w, h, color: ctx.strokeStyle }),
  })
  return { ctx: ctx as unknown as Canvas2D, rects, strokes, texts }
}

const draw = (layer: Record<string, unknown>, text = 'the quick brown fox jumps over the dog') => {
  const t = parseTemplate({
    id: 'decorated',
    typeId: 'social-posts',
    name: { en: 'Decorated', 'zh-CN': '装饰' },
    sizes: [{ id: 'square', width: 300, height: 300, label: { en: 'Square', 'zh-CN': '方形' } }],
    fields: [],
    layers: [
      {
        id: 'body',
        type: 'text',
        text,
        size: 20,
        color: '#123456',
        box: { x: 20, y: 0, w: 200, h: 300 },
        ...layer,
      },
    ],
    samples: { en: {}, 'zh-CN': {} },
  })
  const r = recording()
  const d: DrawContext = {
    ctx: r.ctx,
    sizeId: 'square',
    width: 300,
    height: 300,
    locale: 'en',
    values: {},
    images: new Map(),
  }
  for (const l of t.layers) drawLayer(l, d)
  return { ...r, layer: t.layers[0] }
}

describe('underline and strikethrough', () => {
  it('take the face’s own tables, else a twentieth of the size below the baseline', () => {
    // Inter: underlinePosition −0.17 em, thickness 0.068 em (the underline's middle); strikeout 0.328 em.
    expect(decorationLine('Templet Inter', 48, 'underline').top).toBeCloseTo(0.17 * 48 - (0.068 * 48) / 2, 6)
    expect(decorationLine('Templet Inter', 48, 'underline').thickness).toBeCloseTo(0.068 * 48, 6)
    expect(decorationLine('Templet Inter', 48, 'strikethrough').top).toBeCloseTo(-0.328 * 48, 6)
    expect(decorationLine('Templet Noto Sans SC', 40, 'underline').top).toBeCloseTo(0.125 * 40 - 1, 6)
    // A brand's face, whose tables the browser cannot read: the default.
    expect(decorationLine('Templet Brand abcdefgh', 40, 'underline')).toEqual({ top: 4 - 1, thickness: 2 })
    expect(decorationLine('Templet Brand abcdefgh', 40, 'strikethrough')).toEqual({ top: -12, thickness: 2 })
    // Never thinner than a pixel.
    expect(decorationLine('Templet Playfair Display', 20, 'underline').thickness).toBe(1)
  })

  it('are left out of the parsed layer when absent, and nothing extra is drawn', () => {
    const { rects, strokes, layer } = draw({})
    expect(layer).not.toHaveProperty('underline')
    expect(layer).not.toHaveProperty('strikethrough')
    expect(rects).toEqual([])
    expect(strokes).toEqual([])
  })

  it('draw one line per text line, under its baseline, from its start across its width, in its colour', () => {
    const { rects, texts } = draw({ underline: true })
    const baselines = [...new Set(texts.map((t) => t.y))]
    expect(baselines.length).toBeGreaterThan(1)
    expect(rects).toHaveLength(baselines.length)
    const under = decorationLine('Templet Inter', 20, 'underline')
    rects.forEach((r, i) => {
      expect(r.y).toBeCloseTo((baselines[i] as number) + under.top, 6)
      expect(r.h).toBeCloseTo(under.thickness, 6)
      expect(r.x).toBe(20)
      expect(r.color).toBe('#123456')
    })
    // "the quick brown fox" is 19 characters of 10 px.
    expect(rects[0]?.w).toBe(190)
  })

  it('strike through and underline together: two lines per text line, the strike above', () => {
    const { rects } = draw({ underline: true, strikethrough: true }, 'short')
    expect(rects).toHaveLength(2)
    const [under, strike] = rects as [Rect, Rect]
    expect(strike.y).toBeLessThan(under.y)
    expect(strike.w).toBe(50)
  })

  it('span a justified line’s box, and sit at the right of a right-to-left line', () => {
    const { rects } = draw({ underline: true, justify: true })
    expect(rects[0]?.x).toBe(20)
    expect(rects[0]?.w).toBeCloseTo(200, 6)
    const rtl = draw({ underline: true, direction: 'rtl', align: 'start' }, 'שלום עולם')
    expect((rtl.rects[0]?.x ?? 0) + (rtl.rects[0]?.w ?? 0)).toBeCloseTo(220, 6)
  })

  it('are outlined with the letters when the text is', () => {
    const { rects, strokes } = draw({ underline: true, outline: { color: '#ffffff', width: 2 } }, 'short')
    expect(strokes).toEqual([{ ...rects[0], color: '#ffffff' }])
  })

  it('leave a blank line between paragraphs without a line', () => {
    const { rects, texts } = draw({ underline: true }, 'one\n\ntwo')
    expect(texts).toHaveLength(2)
    expect(rects).toHaveLength(2)
  })
})
