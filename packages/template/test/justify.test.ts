import { createCanvas } from '@napi-rs/canvas'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type Canvas2D,
  type DrawContext,
  drawLayer,
  figuresFace,
  figuresFeatures,
  figuresVariant,
  layoutText,
  loadHyphenation,
  mappedFiguresFace,
  mappedFiguresOf,
  parseTemplate,
  type TextLine,
  type TextStyle,
} from '../src/index'
import { applyRunFont } from '../src/layers/text/content'
import { monospaceContext, style } from './monospace'

/** A line's width once justified: its own, and what its spaces or characters widen by. */
const stretchedWidth = (text: string, line: TextLine) =>
  line.width +
  (line.wordGap ?? 0) * (text.slice(line.start, line.end).match(/[ \u00A0]/g)?.length ?? 0) +
  (line.letterGap ?? 0) * ([...text.slice(line.start, line.end)].length - 1 + (line.hyphen ? 1 : 0))

describe('justified lines', () => {
  const text = 'the quick brown fox jumps over the lazy dog and runs away\nshort line here'

  it('stretch every line of a paragraph but its last to the box width', () => {
    // 10 px a character: a 130 px box.
    const layout = layoutText(monospaceContext(), text, style({ justify: true }), { w: 130, h: 400 })
    const { placed, content } = layout
    const lastOf = (i: number) => placed[i + 1]?.paragraph !== placed[i]?.paragraph
    expect(placed.length).toBeGreaterThan(4)
    placed.forEach((line, i) => {
      if (lastOf(i)) {
        expect(line.wordGap).toBeUndefined()
        expect(line.letterGap).toBeUndefined()
      } else expect(stretchedWidth(content.text, line)).toBeCloseTo(130, 5)
    })
  })

  it('leave a layout without it as it was', () => {
    const plain = layoutText(monospaceContext(), text, style(), { w: 130, h: 400 })
    expect(plain.placed.every((l) => l.wordGap === undefined && l.letterGap === undefined)).toBe(true)
  })

  it('spread a line of Chinese between its characters', () => {
    const zh = '天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏'
    const layout = layoutText(monospaceContext(), zh, style({ justify: true }), { w: 95, h: 400 })
    const first = layout.placed[0] as TextLine
    expect(first.wordGap).toBeUndefined()
    expect(first.letterGap).toBeGreaterThan(0)
    expect(stretchedWidth(layout.content.text, first)).toBeCloseTo(95, 5)
  })

  beforeAll(() => loadHyphenation(['en']))

  it('count a hyphenated line’s hyphen in its width', () => {
    const layout = layoutText(
      monospaceContext(),
      'the extraordinary tale of it',
      style({ justify: true, hyphenate: 'en' }),
      { w: 150, h: 400 },
    )
    const hyphenated = layout.placed.find((l) => l.hyphen)
    expect(hyphenated).toBeDefined()
    expect(stretchedWidth(layout.content.text, hyphenated as TextLine)).toBeCloseTo(150, 5)
  })

  it('are drawn to the box’s right edge on Skia, in left-to-right and right-to-left paragraphs', () => {
    for (const [words, direction] of [
      ['lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor', 'ltr'],
      ['שלום עולם זה טקסט ארוך מאוד שצריך לעבור כמה שורות בתיבה צרה', 'rtl'],
    ] as const) {
      const t = parseTemplate({
        id: 'justified',
        typeId: 'social-posts',
        name: { en: 'J', 'zh-CN': 'J' },
        sizes: [{ id: 'square', width: 300, height: 300, label: { en: 'S', 'zh-CN': 'S' } }],
        fields: [],
        layers: [
          {
            id: 'body',
            type: 'text',
            text: words,
            size: 20,
            justify: true,
            direction,
            box: { x: 20, y: 0, w: 200, h: 300 },
          },
        ],
        samples: { en: {}, 'zh-CN': {} },
      })
      const canvas = createCanvas(300, 300)
      const ctx = canvas.getContext('2d')
      const d: DrawContext = {
        ctx: ctx as unknown as Canvas2D,
        sizeId: 'square',
        width: 300,
        height: 300,
        locale: 'en',
        values: {},
        images: new Map(),
      }
      for (const layer of t.layers) drawLayer(layer, d)
      const { data } = ctx.getImageData(0, 0, 300, 300)
      // The ink's left and right edge in each band of 24 px (a line).
      const edges: Array<[number, number]> = []
      for (let band = 0; band < 12; band++) {
        let left = 300
        let right = -1
        for (let y = band * 24; y < band * 24 + 24; y++)
          for (let x = 0; x < 300; x++)
            if ((data[(y * 300 + x) * 4 + 3] ?? 0) > 128) {
              left = Math.min(left, x)
              right = Math.max(right, x)
            }
        if (right >= 0) edges.push([left, right])
      }
      expect(edges.length).toBeGreaterThan(2)
      // Every line but the last spans the box, to a few px of side bearing.
      for (const [left, right] of edges.slice(0, -1)) {
        expect(left).toBeLessThan(24)
        expect(right).toBeGreaterThan(214)
      }
      const [left, right] = edges[edges.length - 1] as [number, number]
      expect(direction === 'ltr' ? right < 200 : left > 40).toBe(true)
    }
  })
})

describe('figures', () => {
  it('name the faces a browser loads with their features', () => {
    expect(figuresFace('Templet Inter', { tabular: true })).toBe('Templet Inter +tnum')
    expect(figuresFace('Templet Space Grotesk', { tabular: true, oldstyle: true })).toBe(
      'Templet Space Grotesk +tnum+onum',
    )
    // A script's own face keeps its figures.
    expect(figuresFace('Templet Noto Sans SC', { tabular: true })).toBe('Templet Noto Sans SC')
    expect(figuresFeatures('Templet Inter +tnum')).toEqual({
      face: 'Templet Inter',
      featureSettings: '"tnum"',
    })
    expect(figuresFeatures('Templet Playfair Display +tnum')).toEqual({
      face: 'Templet Playfair Display',
      featureSettings: '"lnum", "tnum"',
    })
    expect(figuresFeatures('Templet Playfair Display +onum')).toEqual({
      face: 'Templet Playfair Display',
      featureSettings: '"onum"',
    })
    expect(figuresFeatures('Templet Inter')).toEqual({ face: 'Templet Inter' })
  })

  it('are told to Skia as font-variant-numeric', () => {
    expect(figuresVariant('Templet Inter', { tabular: true })).toBe('tabular-nums')
    expect(figuresVariant('Templet Playfair Display', { tabular: true })).toBe('lining-nums tabular-nums')
    expect(figuresVariant('Templet Playfair Display', { oldstyle: true })).toBe('oldstyle-nums')
    expect(figuresVariant('Templet Inter', undefined)).toBe('normal')
  })

  it('are drawn on Skia from faces that map their glyphs, named for the features; a text saved before keeps the faces as shipped', () => {
    expect(mappedFiguresFace('Templet Inter', { tabular: true })).toBe('Templet Inter +tnum')
    // Playfair Display's lining figures are this product's default, so every text in it draws from its copy.
    expect(mappedFiguresFace('Templet Playfair Display', undefined)).toBe('Templet Playfair Display +lnum')
    expect(mappedFiguresFace('Templet Playfair Display', { oldstyle: true })).toBe(
      'Templet Playfair Display +onum',
    )
    // Ligatures off change no figure; a script's own face keeps its figures.
    expect(mappedFiguresFace('Templet Inter', { noLigatures: true })).toBe('Templet Inter')
    expect(mappedFiguresFace('Templet Noto Sans SC', { tabular: true })).toBe('Templet Noto Sans SC')
    expect(mappedFiguresOf('Templet Space Grotesk +onum+tnum')).toEqual({
      face: 'Templet Space Grotesk',
      features: ['onum', 'tnum'],
    })
    expect(mappedFiguresOf('Templet Inter')).toEqual({ face: 'Templet Inter', features: [] })

    // A context with Skia's properties, as the renderer's.
    const skia = () => ({
      font: '',
      fontVariantNumeric: 'normal',
      fontVariantCaps: 'normal',
      fontVariantLigatures: 'normal',
    })
    const tabular = (more: Partial<TextStyle>) => style({ figures: { tabular: true }, ...more })
    const now = skia()
    applyRunFont(now as unknown as Canvas2D, tabular({}), 20, 'latin', 0)
    expect(now.font).toContain("'Templet Inter +tnum'")
    expect(now.fontVariantNumeric).toBe('tabular-nums')
    const before = skia()
    applyRunFont(before as unknown as Canvas2D, tabular({ unmappedFigures: true }), 20, 'latin', 0)
    expect(before.font).not.toContain('+tnum')
    expect(before.fontVariantNumeric).toBe('tabular-nums')
  })
})
