import { type Canvas, createCanvas } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import {
  adjustFilter,
  type DrawContext,
  decodedImageSizes,
  decodedSize,
  documentCost,
  drawLayer,
  type ImageLayer,
  imageKey,
  imageScales,
  parseTemplate,
  type Template,
} from '../src/index'

const template = parseTemplate({
  id: 'draw-card',
  typeId: 'social-posts',
  name: { en: 'Draw', 'zh-CN': '绘制' },
  sizes: [
    { id: 'square', width: 100, height: 100, label: { en: 'Square', 'zh-CN': '方形' } },
    { id: 'wide', width: 200, height: 100, label: { en: 'Wide', 'zh-CN': '宽' } },
  ],
  fields: [{ key: 'accent', kind: 'color', label: { en: 'Accent', 'zh-CN': '强调色' }, default: '#ff0000' }],
  layers: [
    {
      id: 'block',
      type: 'shape',
      fill: { field: 'accent' },
      box: { x: 0, y: 0, w: 50, h: 50 },
      bySize: { wide: { box: { x: 150, y: 50, w: 50, h: 50 } } },
    },
  ],
  samples: { en: {}, 'zh-CN': {} },
})

/** A template holding `layers` and `fields` (as the model's JSON) at one 100 × 100 square. */
const squareCard = (id: string, layers: unknown[], fields: unknown[] = []) =>
  parseTemplate({
    id,
    typeId: 'social-posts',
    name: { en: 'Card', 'zh-CN': '卡片' },
    sizes: [{ id: 'square', width: 100, height: 100, label: { en: 'Square', 'zh-CN': '方形' } }],
    fields,
    layers,
    samples: { en: {}, 'zh-CN': {} },
  })

/** Draws `t`'s layers on a Skia canvas at one of its sizes (the square unless told); its context after. */
function drawn(
  t: Template,
  options: {
    sizeId?: string
    values?: Record<string, string>
    images?: Map<string, Canvas>
    imageSizes?: Map<string, { width: number; height: number }>
    placeholders?: boolean
  } = {},
) {
  const { sizeId = 'square', values = {}, images = new Map(), imageSizes, placeholders } = options
  const size = t.sizes.find((s) => s.id === sizeId)
  if (!size) throw new Error(`no size ${sizeId}`)
  const ctx = createCanvas(size.width, size.height).getContext('2d')
  const d: DrawContext<Canvas> = {
    ctx,
    sizeId,
    width: size.width,
    height: size.height,
    locale: 'en',
    values,
    images,
    ...(imageSizes && { imageSizes }),
    placeholders,
  }
  for (const layer of t.layers) drawLayer(layer, d)
  return ctx
}

/** The colour of the pixel at (x, y) as `[r, g, b, a]`. */
const pixel = (ctx: ReturnType<typeof drawn>, x: number, y: number) => [...ctx.getImageData(x, y, 1, 1).data]

const pixelAt = (sizeId: string, values: Record<string, string>, x: number, y: number) =>
  pixel(drawn(template, { sizeId, values }), x, y)

describe('drawLayer on a Canvas 2D context', () => {
  it('draws a layer bound to a colour field in that colour, where the size places it', () => {
    expect(pixelAt('square', { accent: '#00ff00' }, 10, 10)).toEqual([0, 255, 0, 255])
    expect(pixelAt('wide', { accent: '#0000ff' }, 175, 75)).toEqual([0, 0, 255, 255])
    expect(pixelAt('wide', { accent: '#0000ff' }, 10, 10)).toEqual([0, 0, 0, 0])
  })
})

describe('drawLayer without any of the surface hooks', () => {
  it('draws a text layer (a browser passes no font loader and no text callback)', () => {
    const ctx = drawn(
      squareCard('text-card', [{ id: 'title', type: 'text', text: 'Hello', size: 40, color: '#000000' }]),
    )
    const alpha = ctx.getImageData(0, 0, 100, 100).data.filter((_, i) => i % 4 === 3)
    expect(alpha.some((a) => a > 0)).toBe(true)
  })
})

describe('the designer’s layer properties', () => {
  const card = (layers: unknown[]) => squareCard('designer-card', layers)
  const draw = (t: Template) => {
    const ctx = drawn(t)
    return (x: number, y: number) => pixel(ctx, x, y)
  }

  it('rotates a layer about its box’s centre', () => {
    // A 80 × 10 bar across the middle, turned 90°: it now runs down the middle.
    const bar = { id: 'bar', type: 'shape', fill: '#000000', box: { x: 10, y: 45, w: 80, h: 10 } }
    const flat = draw(card([bar]))
    expect(flat(15, 50)).toEqual([0, 0, 0, 255])
    expect(flat(50, 15)).toEqual([0, 0, 0, 0])
    const turned = draw(card([{ ...bar, rotation: 90 }]))
    expect(turned(15, 50)).toEqual([0, 0, 0, 0])
    expect(turned(50, 15)).toEqual([0, 0, 0, 255])
  })

  it('leaves a hidden layer out, and draws a locked one as any other', () => {
    const at = draw(
      card([
        { id: 'a', type: 'shape', fill: '#ff0000', box: { x: 0, y: 0, w: 50, h: 50 }, hidden: true },
        {
          id: 'b',
          type: 'shape',
          fill: '#0000ff',
          box: { x: 50, y: 50, w: 50, h: 50 },
          locked: true,
          name: 'Logo',
        },
      ]),
    )
    expect(at(10, 10)).toEqual([0, 0, 0, 0])
    expect(at(60, 60)).toEqual([0, 0, 255, 255])
  })

  it('draws a shape’s shadow offset under it', () => {
    const at = draw(
      card([
        {
          id: 'card',
          type: 'shape',
          fill: '#ffffff',
          box: { x: 10, y: 10, w: 40, h: 40 },
          shadow: { color: '#000000', x: 20, y: 20, blur: 0 },
        },
      ]),
    )
    expect(at(20, 20)).toEqual([255, 255, 255, 255])
    expect(at(65, 65)).toEqual([0, 0, 0, 255])
    expect(at(80, 80)).toEqual([0, 0, 0, 0])
  })
})

describe('a QR code layer', () => {
  const qrCard = (data: string, fields: unknown[] = []) =>
    squareCard(
      'qr-card',
      [{ id: 'code', type: 'qr', data, background: '#ffffff', box: { x: 0, y: 0, w: 100, h: 100 } }],
      fields,
    )
  const qrPixels = (t: Template, values: Record<string, string>) =>
    drawn(t, { values }).getImageData(0, 0, 100, 100).data
  const dark = (data: Uint8ClampedArray) =>
    data.filter((v, i) => i % 4 === 0 && v < 128 && (data[i + 3] ?? 0) > 0).length

  it('draws the finder patterns in the corners, the quiet zone clear', () => {
    const data = qrPixels(qrCard('https://templet.example/a'), {})
    // A version 2 code (25 modules) with a margin of 2: 29 cells of 100/29 px. The top-left finder's outer ring
    // starts at cell 2; cell 0 is the quiet zone.
    const at = (x: number, y: number) => data[(y * 100 + x) * 4]
    expect(at(1, 1)).toBe(255)
    expect(at(8, 8)).toBe(0)
    expect(at(91, 8)).toBe(0)
    expect(at(8, 91)).toBe(0)
    expect(dark(data)).toBeGreaterThan(2000)
  })

  it('encodes a field’s value, draws nothing for an empty one, and refuses a reference to no text field', () => {
    const t = qrCard('{{link}}', [
      { key: 'link', kind: 'text', label: { en: 'Link', 'zh-CN': '链接' }, default: '', maxLength: 200 },
    ])
    expect(dark(qrPixels(t, { link: 'https://templet.example' }))).toBeGreaterThan(2000)
    expect(dark(qrPixels(t, { link: '' }))).toBe(0)
    expect(() => qrCard('{{nope}}')).toThrow(/layer "code", property "data": no text field "nope"/)
  })
})

describe('a fixed image layer', () => {
  it('draws the image kept under its src key, whatever the values, and no placeholder without one', () => {
    const t = squareCard('logo-card', [
      { id: 'logo', type: 'image', src: '7', fit: 'contain', box: { x: 0, y: 0, w: 40, h: 40 } },
    ])
    const logo = createCanvas(10, 10)
    const lctx = logo.getContext('2d')
    lctx.fillStyle = '#0000ff'
    lctx.fillRect(0, 0, 10, 10)
    const draw = (images: Map<string, Canvas>) => pixel(drawn(t, { images, placeholders: false }), 20, 20)
    expect(imageKey(t.layers[0] as ImageLayer)).toBe('src:7')
    expect(draw(new Map([['src:7', logo]]))).toEqual([0, 0, 255, 255])
    expect(draw(new Map())).toEqual([0, 0, 0, 0])
  })
})

describe("an image's crop and adjustments", () => {
  /** A 20 × 10 image: its left half red, its right half blue. */
  const halves = () => {
    const image = createCanvas(20, 10)
    const c = image.getContext('2d')
    c.fillStyle = '#ff0000'
    c.fillRect(0, 0, 10, 10)
    c.fillStyle = '#0000ff'
    c.fillRect(10, 0, 10, 10)
    return new Map([['src:1', image]])
  }
  const card = (extra: Record<string, unknown>) =>
    squareCard('photo-card', [
      { id: 'photo', type: 'image', src: '1', box: { x: 0, y: 0, w: 100, h: 100 }, ...extra },
    ])

  it('zooms into the focal point: at 2× the left half fills the box when the focus is on it', () => {
    const plain = drawn(card({ fit: 'contain' }), { images: halves() })
    // Contained, the 2:1 image is a band across the middle; above it nothing is drawn.
    expect(pixel(plain, 50, 10)).toEqual([0, 0, 0, 0])
    const zoomed = drawn(card({ fit: 'cover', zoom: 2, focus: { x: 0.25, y: 0.5 } }), { images: halves() })
    expect(pixel(zoomed, 5, 50)).toEqual([255, 0, 0, 255])
    expect(pixel(zoomed, 95, 50)).toEqual([255, 0, 0, 255])
  })

  it('a contained image zoomed past its box is cropped around its focus, and centred where it still fits', () => {
    const t = card({ fit: 'contain', zoom: 4, focus: { x: 1, y: 0.5 } })
    const ctx = drawn(t, { images: halves() })
    expect(pixel(ctx, 50, 50)).toEqual([0, 0, 255, 255])
    expect(pixel(ctx, 50, 2)).toEqual([0, 0, 255, 255])
  })

  it('greys and brightens as the CSS filters of the same names, and leaves the image as it is when neutral', () => {
    const grey = drawn(card({ adjust: { grayscale: 100 } }), { images: halves() })
    const [r, g, b] = pixel(grey, 10, 50)
    expect(r).toBe(g)
    expect(g).toBe(b)
    const neutral = drawn(card({ adjust: {} }), { images: halves() })
    expect(pixel(neutral, 10, 50)).toEqual([255, 0, 0, 255])
    const dark = drawn(card({ adjust: { brightness: 50 } }), { images: halves() })
    expect(pixel(dark, 10, 50)).toEqual([127, 0, 0, 255])
  })

  it('writes the filter only for what is adjusted, a blur in canvas px', () => {
    const adjust = { brightness: 100, contrast: 100, saturation: 100, grayscale: 0, blur: 0 }
    expect(adjustFilter(undefined, 1)).toBeUndefined()
    expect(adjustFilter(adjust, 2)).toBeUndefined()
    expect(adjustFilter({ ...adjust, contrast: 120, blur: 4 }, 0.5)).toBe('contrast(120%) blur(2px)')
    expect(adjustFilter({ ...adjust, saturation: 0, grayscale: 30 }, 1)).toBe('saturate(0%) grayscale(30%)')
  })

  it('refuses a zoom under 1 or an adjustment out of its range', () => {
    expect(() => card({ zoom: 0.5 })).toThrow()
    expect(() => card({ adjust: { brightness: 300 } })).toThrow()
    expect(() => card({ adjust: { sepia: 50 } })).toThrow()
  })
})

describe("a text's outline and shadow", () => {
  const text = (extra: Record<string, unknown>) =>
    squareCard(
      'effects',
      [
        {
          id: 'words',
          type: 'text',
          text: 'II',
          size: 60,
          color: '#000000',
          box: { x: 10, y: 10, w: 80, h: 80 },
          ...extra,
        },
      ],
      [{ key: 'accent', kind: 'color', label: { en: 'Accent', 'zh-CN': '强调色' }, default: '#00ff00' }],
    )

  it('parses with its defaults; an outline of no width, or wider than 100 px, is refused', () => {
    const [layer] = text({ shadow: { color: '#000000' }, outline: { color: '#ffffff', width: 2 } }).layers
    expect(layer).toMatchObject({ shadow: { color: '#000000', x: 0, y: 4, blur: 8 }, outline: { width: 2 } })
    expect(() => text({ outline: { color: '#ffffff', width: 0 } })).toThrow(/outline\.width/)
    expect(() => text({ outline: { color: '#ffffff', width: 101 } })).toThrow(/outline\.width/)
    // A text saved before the effects existed parses as it was: nothing is added to it.
    expect(Object.keys(text({}).layers[0] ?? {})).not.toContain('outline')
    expect(Object.keys(text({}).layers[0] ?? {})).not.toContain('shadow')
  })

  it('draws its outline in a colour bound to a field, and counts its shadow in what it costs to draw', () => {
    const outlined = text({ outline: { color: { field: 'accent' }, width: 4 } })
    const ctx = drawn(outlined, { values: { accent: '#0000ff' } })
    const data = ctx.getImageData(0, 0, 100, 100).data
    let blue = 0
    for (let i = 0; i < data.length; i += 4)
      if (data[i + 2] === 255 && data[i] === 0 && data[i + 3] === 255) blue++
    expect(blue).toBeGreaterThan(50)
    expect(documentCost(text({ shadow: { color: '#000000' } })).shadows).toBe(1)
    expect(documentCost(outlined).shadows).toBe(0)
  })
})

describe('an image fitted by the pixels a server decodes it at', () => {
  it("decodes at the largest scale a layer draws it, each side rounded up, never past the image's own", () => {
    expect(decodedSize(1000, 333, () => 0.1)).toEqual({ width: 100, height: 34 })
    expect(decodedSize(1000, 333, () => 2)).toEqual({ width: 1000, height: 333 })
    expect(decodedSize(1000, 333, () => 0)).toEqual({ width: 1, height: 1 })
    const t = squareCard('two-photos', [
      { id: 'big', type: 'image', src: '1', fit: 'cover', box: { x: 0, y: 0, w: 100, h: 100 } },
      { id: 'small', type: 'image', src: '1', fit: 'contain', box: { x: 0, y: 0, w: 50, h: 50 } },
    ])
    const [size] = t.sizes
    if (!size) throw new Error('the card has a size')
    // Covering 100 × 100, a 20 × 10 image is drawn at 10 layout px an image px; contained in 50 × 50, at 2.5.
    expect(imageScales(t, size, {}).get('src:1')?.(20, 10)).toBe(10)
    // At 0.3 output px a layout px, a 2000 × 999 photo is drawn at 0.3 × 100 / 999 of its pixels.
    const photo = createCanvas(2000, 999)
    const sizes = decodedImageSizes(t, size, {}, new Map([['src:1', photo]]), 0.3)
    expect(sizes.get('src:1')).toEqual({ width: Math.ceil((2000 * 30) / 999), height: 30 })
  })

  it('draws the whole image where the decoded one would be: fitted by the sizes given', () => {
    const image = createCanvas(20, 10)
    const c = image.getContext('2d')
    c.fillStyle = '#ff0000'
    c.fillRect(0, 0, 20, 10)
    const t = squareCard('fitted', [
      { id: 'photo', type: 'image', src: '1', fit: 'contain', box: { x: 0, y: 0, w: 100, h: 100 } },
    ])
    const images = new Map([['src:1', image]])
    // By its own 2:1 pixels the image is a band across the middle; fitted as a square, it fills the box.
    expect(pixel(drawn(t, { images }), 50, 10)).toEqual([0, 0, 0, 0])
    const square = new Map([['src:1', { width: 10, height: 10 }]])
    expect(pixel(drawn(t, { images, imageSizes: square }), 50, 10)).toEqual([255, 0, 0, 255])
  })
})
