import { describe, expect, it } from 'vitest'
import {
  type Canvas2D,
  DOCUMENT_FORMAT,
  type DrawContext,
  drawLayer,
  escapeColorMarkers,
  layerPieces,
  parseColorRuns,
  parseTemplate,
  prepareText,
  recolor,
  toggleEmphasis,
  upgradeDocument,
  writeColorRuns,
} from '../src/index'
import { monospaceContext, style } from './monospace'

describe('colour runs', () => {
  it('cut a text into stretches of their colour, markers taken out, a colour as a layer takes one', () => {
    expect(parseColorRuns('Big [#e4572e]sale[/] today')).toEqual([
      { text: 'Big ' },
      { text: 'sale', color: '#e4572e' },
      { text: ' today' },
    ])
    expect(parseColorRuns('[#E4572E80]half[/]')).toEqual([{ text: 'half', color: '#e4572e80' }])
    expect(parseColorRuns('plain words')).toEqual([{ text: 'plain words' }])
  })

  it('nest with each other, the innermost colour winning', () => {
    expect(parseColorRuns('[#ff0000]a [#0000ff]b[/] c[/]')).toEqual([
      { text: 'a ', color: '#ff0000' },
      { text: 'b', color: '#0000ff' },
      { text: ' c', color: '#ff0000' },
    ])
  })

  it('leave unpaired and malformed markers as typed', () => {
    for (const text of [
      '[#e4572e]open only',
      'close only[/]',
      '[#e4572]five[/]',
      '[#e4572x]bad[/]',
      '[red]x[/]',
    ])
      expect(parseColorRuns(text)).toEqual([{ text }])
    expect(parseColorRuns('[/] [#123456]x[/] [/]')).toEqual([
      { text: '[/] ' },
      { text: 'x', color: '#123456' },
      { text: ' [/]' },
    ])
  })

  it('read a backslash before a marker as an escape, two as one backslash', () => {
    expect(parseColorRuns('\\[#e4572e]x\\[/]')).toEqual([{ text: '[#e4572e]x[/]' }])
    expect(parseColorRuns('a\\\\[#e4572e]x[/]')).toEqual([{ text: 'a\\' }, { text: 'x', color: '#e4572e' }])
    expect(parseColorRuns('C:\\path [x]')).toEqual([{ text: 'C:\\path [x]' }])
  })

  it('are written back so they parse the same, markers in the words escaped', () => {
    const stretches = [
      { text: 'a\\' },
      { text: '[/] and [#00ff00]', color: '#e4572e' },
      { text: 'b\\\\' },
      { text: 'c', color: '#e4572e' },
    ]
    const written = writeColorRuns(stretches)
    expect(parseColorRuns(written)).toEqual(stretches)
    for (const text of ['x [#e4572e]y[/] \\[/]', '\\\\\\[/]', '[#e4572e', '#e4572e]'])
      expect(parseColorRuns(escapeColorMarkers(text))).toEqual([{ text }])
  })

  it('recolour a selection of the text as a text box shows it, keeping it over the same words', () => {
    const source = 'Big sale today'
    const red = recolor(source, 4, 8, '#E4572E')
    expect(red.text).toBe('Big [#e4572e]sale[/] today')
    expect(red.text.slice(red.start, red.end)).toBe('sale')
    // Part of a run in another colour, markers inside the selection.
    const blue = recolor(red.text, 2, red.end, '#0000ff')
    expect(blue.text).toBe('Bi[#0000ff]g sale[/] today')
    expect(blue.text.slice(blue.start, blue.end)).toBe('g sale')
    // The layer's colour again: the run's markers go.
    const back = recolor(blue.text, 0, blue.text.length, undefined)
    expect(back.text).toBe(source)
    // Nothing selected changes nothing; bold markers are words to it.
    expect(recolor(source, 3, 3, '#000000').text).toBe(source)
    expect(recolor('**bold** word', 0, 8, '#123456').text).toBe('[#123456]**bold**[/] word')
    // Words selected inside their markers take them along, the selection staying on the words.
    const inside = recolor('Big **sale** now', 6, 10, '#123456')
    expect(inside.text).toBe('Big [#123456]**sale**[/] now')
    expect(inside.text.slice(inside.start, inside.end)).toBe('sale')
    expect(recolor(inside.text, inside.start, inside.end, undefined).text).toBe('Big **sale** now')
  })
})

const layerWith = (text: unknown, extra: Record<string, unknown> = {}) =>
  parseTemplate({
    format: DOCUMENT_FORMAT,
    id: 'colours',
    typeId: 'social-posts',
    name: { en: 'Colours', 'zh-CN': '颜色' },
    sizes: [{ id: 'square', width: 300, height: 300, label: { en: 'Square', 'zh-CN': '方形' } }],
    fields: [
      { key: 'name', kind: 'text', label: { en: 'Name', 'zh-CN': '名字' }, default: 'Ada', maxLength: 40 },
    ],
    layers: [
      {
        id: 'body',
        type: 'text',
        text,
        size: 20,
        color: '#111111',
        box: { x: 0, y: 0, w: 300, h: 300 },
        ...extra,
      },
    ],
    samples: { en: {}, 'zh-CN': {} },
  }).layers[0] as Parameters<typeof layerPieces>[0]

const context = (values: Record<string, string> = {}) => ({ locale: 'en' as const, values })

describe('a text layer with colour runs', () => {
  it('colours the values inside a run, and a value’s own markers draw as typed', () => {
    const layer = layerWith('Hi [#e4572e]{{name}}![/]')
    expect(layerPieces(layer, context({ name: 'Ada' }))).toEqual([
      { text: 'Hi ' },
      { text: 'Ada!', color: '#e4572e' },
    ])
    expect(layerPieces(layer, context({ name: '[#00ff00]x[/]' }))).toEqual([
      { text: 'Hi ' },
      { text: '[#00ff00]x[/]!', color: '#e4572e' },
    ])
  })

  it('draws markers as typed when the layer reads no markup', () => {
    expect(layerPieces(layerWith('[#e4572e]x[/]', { markup: false }), context())).toEqual([
      { text: '[#e4572e]x[/]' },
    ])
  })

  it('nests with bold and italics either way round', () => {
    const content = prepareText('A bold red word', style(), [], [{ start: 2, end: 10, color: '#ff0000' }])
    expect(content.colors).toEqual(['#ff0000'])
    const pieces = layerPieces(layerWith('**A [#ff0000]bold** red[/] *[#0000ff]word[/]*'), context())
    expect(pieces.map((p) => p.text).join('')).toBe('**A bold** red *word*')
    expect(pieces.filter((p) => p.color)).toEqual([
      { text: 'bold** red', color: '#ff0000' },
      { text: 'word', color: '#0000ff' },
    ])
  })

  it('fills each run in its colour, its underline too', () => {
    const ctx = monospaceContext() as unknown as Record<string, unknown>
    const drawn: Array<{ text: string; fill: unknown }> = []
    const rects: Array<{ x: number; w: number; fill: unknown }> = []
    const nothing = () => {}
    for (const name of ['save', 'restore', 'translate', 'rotate', 'scale', 'beginPath', 'rect', 'clip'])
      ctx[name] = nothing
    Object.assign(ctx, {
      fillStyle: '#000',
      fillText: (text: string) =>
        drawn.push({ text: text.replace(/[\u202A-\u202E]/g, ''), fill: ctx.fillStyle }),
      strokeText: nothing,
      fillRect: (x: number, _y: number, w: number) => rects.push({ x, w, fill: ctx.fillStyle }),
    })
    const d: DrawContext = {
      ctx: ctx as unknown as Canvas2D,
      sizeId: 'square',
      width: 300,
      height: 300,
      locale: 'en',
      values: {},
      images: new Map(),
    }
    drawLayer(layerWith('Big [#e4572e]sale[/] now', { underline: true }), d)
    expect(drawn).toEqual([
      { text: 'Big ', fill: '#111111' },
      { text: 'sale', fill: '#e4572e' },
      { text: ' now', fill: '#111111' },
    ])
    // 10 px a character at 20 px: one line under each stretch, meeting where the colours meet.
    expect(rects).toEqual([
      { x: 0, w: 40, fill: '#111111' },
      { x: 40, w: 40, fill: '#e4572e' },
      { x: 80, w: 40, fill: '#111111' },
    ])
  })
})

describe('documents of format 1', () => {
  const old = (layers: unknown[]) => ({
    id: 'old',
    typeId: 'social-posts',
    name: { en: 'Old', 'zh-CN': '旧' },
    sizes: [{ id: 'square', width: 300, height: 300, label: { en: 'Square', 'zh-CN': '方形' } }],
    fields: [],
    layers,
    samples: { en: {}, 'zh-CN': {} },
  })

  it('keep their words as typed: every marker in a text reading markup is escaped by the upgrade', () => {
    const typed = 'Price [#e4572e]now[/] \\[/] [#12]x[/]'
    const upgraded = upgradeDocument(
      old([
        { id: 'a', type: 'text', size: 20, text: typed },
        { id: 'b', type: 'text', size: 20, text: { en: typed, 'zh-CN': '[#e4572e]你好[/]' } },
        { id: 'c', type: 'text', size: 20, text: typed, markup: false },
      ]),
    ) as { format: number; layers: Array<{ text: unknown }> }
    expect(upgraded.format).toBe(DOCUMENT_FORMAT)
    const [a, b, c] = upgraded.layers
    expect(parseColorRuns(a?.text as string)).toEqual([{ text: typed }])
    expect(b?.text).toEqual({ en: a?.text, 'zh-CN': '\\[#e4572e]你好\\[/]' })
    expect(c?.text).toBe(typed)
    const t = parseTemplate(upgraded)
    const layer = t.layers[0] as Parameters<typeof layerPieces>[0]
    expect(layerPieces(layer, context())).toEqual([{ text: typed }])
  })
})

describe('bold and italics on a selection', () => {
  it('wrap the selected words, and unwrap them when the markers wrap them already', () => {
    const bold = toggleEmphasis('a big sale', 2, 5, 'bold')
    expect(bold).toEqual({ text: 'a **big** sale', start: 4, end: 7 })
    expect(toggleEmphasis(bold.text, bold.start, bold.end, 'bold')).toEqual({
      text: 'a big sale',
      start: 2,
      end: 5,
    })
    const both = toggleEmphasis(bold.text, bold.start, bold.end, 'italic')
    expect(both.text).toBe('a ***big*** sale')
    expect(toggleEmphasis(both.text, both.start, both.end, 'bold').text).toBe('a *big* sale')
    expect(toggleEmphasis('ab', 1, 1, 'italic')).toEqual({ text: 'a**b', start: 2, end: 2 })
  })
})
