import { describe, expect, it } from 'vitest'
import {
  type Canvas2D,
  type DrawContext,
  drawLayer,
  figuresFace,
  figuresFeatures,
  parseTemplate,
  type TextLayer,
  textStyle,
} from '../src/index'
import { monospaceContext } from './monospace'

/** A template with one text layer, with the layer's own properties. */
const withText = (own: Record<string, unknown>) =>
  parseTemplate({
    id: 'small-caps',
    typeId: 'social-posts',
    name: { en: 'S', 'zh-CN': 'S' },
    sizes: [{ id: 'square', width: 300, height: 300, label: { en: 'S', 'zh-CN': 'S' } }],
    fields: [],
    layers: [{ id: 'body', type: 'text', text: 'Office hours 春眠', size: 20, ...own }],
    samples: { en: {}, 'zh-CN': {} },
  })

const textLayer = (own: Record<string, unknown>) => withText(own).layers[0] as TextLayer

/** What each fillText drew with: the text, the font and the font variants set on the context then. */
interface Drawn {
  text: string
  font: string
  caps: string | undefined
  ligatures: string | undefined
}

/**
 * A monospace surface that records its draws: `skia` has Skia's font variant properties; without, it is a
 * browser's canvas, which has small caps but neither numeric nor ligature variants.
 */
function recordingContext(skia: boolean): { ctx: Canvas2D; drawn: Drawn[]; writes: string[] } {
  const base = monospaceContext() as unknown as Record<string, unknown>
  let fontName = ''
  const drawn: Drawn[] = []
  const writes: string[] = []
  const variants: Record<string, string> = { fontVariantCaps: 'normal' }
  if (skia) Object.assign(variants, { fontVariantNumeric: 'normal', fontVariantLigatures: 'normal' })
  const ctx: Record<string, unknown> = {
    letterSpacing: '0px',
    measureText: base.measureText,
    fillText: (text: string) =>
      drawn.push({
        text,
        font: fontName,
        caps: variants.fontVariantCaps,
        ligatures: variants.fontVariantLigatures,
      }),
  }
  for (const name of [
    'save',
    'restore',
    'translate',
    'rotate',
    'beginPath',
    'rect',
    'clip',
    'strokeText',
    'fillRect',
  ])
    ctx[name] = () => undefined
  Object.defineProperty(ctx, 'font', {
    get: () => fontName,
    set: (f: string) => {
      fontName = f
      base.font = f
    },
  })
  for (const key of Object.keys(variants))
    Object.defineProperty(ctx, key, {
      get: () => variants[key],
      set: (v: string) => {
        writes.push(`${key}=${v}`)
        variants[key] = v
      },
    })
  return { ctx: ctx as unknown as Canvas2D, drawn, writes }
}

function draw(own: Record<string, unknown>, skia: boolean) {
  const recorded = recordingContext(skia)
  const d: DrawContext = {
    ctx: recorded.ctx,
    sizeId: 'square',
    width: 300,
    height: 300,
    locale: 'en',
    values: {},
    images: new Map(),
  }
  for (const layer of withText(own).layers) drawLayer(layer, d)
  return recorded
}

describe('small capitals and ligatures', () => {
  it('are optional properties of a text layer, absent unless set', () => {
    const plain = textLayer({})
    expect(plain).not.toHaveProperty('smallCaps')
    expect(plain).not.toHaveProperty('ligatures')
    expect(textLayer({ smallCaps: true, ligatures: false })).toMatchObject({
      smallCaps: true,
      ligatures: false,
    })
    expect(() => textLayer({ smallCaps: 'yes' })).toThrow()
  })

  it('resolve to a style that asks for them, and to today’s style when absent or at their defaults', () => {
    const d = { values: {}, sizeId: 'square' }
    const plain = textStyle(textLayer({}), d)
    expect(textStyle(textLayer({ smallCaps: false, ligatures: true }), d)).toEqual(plain)
    expect(plain).not.toHaveProperty('figures')
    expect(plain).not.toHaveProperty('smallCaps')
    expect(textStyle(textLayer({ smallCaps: true, ligatures: false }), d)).toMatchObject({
      smallCaps: true,
      figures: { noLigatures: true },
    })
  })

  it('name the faces a browser loads with ligatures off, next to figures', () => {
    expect(figuresFace('Templet Playfair Display', { noLigatures: true })).toBe(
      'Templet Playfair Display +noliga',
    )
    expect(figuresFace('Templet Inter', { tabular: true, noLigatures: true })).toBe(
      'Templet Inter +tnum+noliga',
    )
    // A script's own face keeps its ligatures (Arabic's are part of its writing).
    expect(figuresFace('Templet Noto Sans Arabic', { noLigatures: true })).toBe('Templet Noto Sans Arabic')
    expect(figuresFeatures('Templet Space Grotesk +noliga')).toEqual({
      face: 'Templet Space Grotesk',
      featureSettings: '"liga" 0, "clig" 0',
    })
    expect(figuresFeatures('Templet Playfair Display +tnum+noliga')).toEqual({
      face: 'Templet Playfair Display',
      featureSettings: '"lnum", "tnum", "liga" 0, "clig" 0',
    })
  })

  it('set small caps on either surface, and ligatures as Skia’s variant or a browser’s face', () => {
    const skia = draw({ font: 'serif', smallCaps: true, ligatures: false }, true)
    const latin = skia.drawn.find((t) => t.text.includes('Office'))
    expect(latin).toMatchObject({ caps: 'small-caps', ligatures: 'no-common-ligatures' })
    expect(latin?.font).not.toContain('+noliga')
    // Chinese keeps its own face's ligatures; it has no capitals to make small.
    expect(skia.drawn.find((t) => t.text.includes('春眠'))).toMatchObject({ ligatures: 'normal' })

    const browser = draw({ font: 'serif', smallCaps: true, ligatures: false }, false)
    const browserLatin = browser.drawn.find((t) => t.text.includes('Office'))
    expect(browserLatin?.caps).toBe('small-caps')
    expect(browserLatin?.font).toContain("'Templet Playfair Display +noliga'")
  })

  it('leave the context as it was when absent', () => {
    for (const skia of [true, false]) {
      const { writes, drawn } = draw({ font: 'serif' }, skia)
      expect(writes.filter((w) => !w.startsWith('fontVariantNumeric'))).toEqual([])
      expect(drawn.every((t) => !t.font.includes('+'))).toBe(true)
    }
  })
})
