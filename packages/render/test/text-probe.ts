import { createCanvas } from '@napi-rs/canvas'
import { parseTemplate, type Template } from '@templet/template'
import sharp from 'sharp'
import { loadFaces } from '../src/fonts'

/** The probe's text box on its 800×400 canvas; overflow and alignment tests read its edges. */
export const BOX = { x: 100, y: 100, w: 600, h: 200 }
export const SIZE = 48

/**
 * A template with one text layer (black on white, 48 px, field `text`) in `box`, with the layer's overrides; of
 * the first document format (upgraded as it is read, so drawn as texts saved then), unless `format` is given.
 */
export function textProbe(layer: Record<string, unknown>, box = BOX, format?: number): Template {
  return parseTemplate({
    ...(format !== undefined && { format }),
    id: 'text-probe',
    typeId: 'social-posts',
    name: { en: 'Probe', 'zh-CN': '探针' },
    sizes: [{ id: 'wide', width: 800, height: 400, label: { en: 'Wide', 'zh-CN': '宽' } }],
    fields: [
      {
        key: 'text',
        kind: 'text',
        label: { en: 'Text', 'zh-CN': '文本' },
        default: 'x',
        maxLength: 2000,
        multiline: true,
      },
    ],
    layers: [
      { id: 'bg', type: 'shape', fill: '#ffffff' },
      { id: 'text', type: 'text', text: '{{text}}', size: SIZE, color: '#000000', box, ...layer },
    ],
    samples: { en: {}, 'zh-CN': {} },
  })
}

export interface Picture {
  data: Buffer
  width: number
  height: number
  channels: number
}

/** A PNG's pixels without alpha, grey (0 = ink, 255 = paper) unless asked for colour. */
export async function pixels(png: Buffer, grey = true): Promise<Picture> {
  const img = sharp(png).removeAlpha()
  const { data, info } = await (grey ? img.greyscale() : img).raw().toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height, channels: info.channels }
}

/** The bounding box of ink (grey pixels darker than `threshold`), or undefined when there is none. */
export function inkBox(g: Picture, threshold = 128) {
  let [minX, minY, maxX, maxY] = [g.width, g.height, -1, -1]
  for (let y = 0; y < g.height; y++)
    for (let x = 0; x < g.width; x++)
      if ((g.data[y * g.width + x] ?? 255) < threshold) {
        minX = Math.min(minX, x)
        maxX = Math.max(maxX, x)
        minY = Math.min(minY, y)
        maxY = Math.max(maxY, y)
      }
  return maxX < 0 ? undefined : { minX, maxX, minY, maxY }
}

/** The mean x of the pixels that differ between two renders. */
export function diffCentroidX(a: Picture, b: Picture) {
  let sum = 0
  let n = 0
  for (let i = 0; i < a.data.length; i++)
    if (Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)) > 64) {
      sum += i % a.width
      n++
    }
  return n ? sum / n : Number.NaN
}

/** The same text drawn by Skia directly in one face: what the renderer must match. */
export async function reference(text: string, face: string, weight = 400) {
  loadFaces([face])
  const canvas = createCanvas(800, 400)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, 800, 400)
  ctx.fillStyle = '#000000'
  ctx.font = `${weight} ${SIZE}px '${face}'`
  ctx.fillText(text, BOX.x, BOX.y + SIZE)
  return pixels(canvas.toBuffer('image/png'))
}

/**
 * How far two drawings of one text are apart, with their ink aligned at the top-left (the renderer and
 * the reference put the baseline in different places, a fraction of a pixel apart too): the mean grey
 * difference over the ink's box, at the best of the nine one-pixel shifts.
 */
export function inkDistance(a: Picture, b: Picture): number {
  const ia = inkBox(a)
  const ib = inkBox(b)
  if (!ia || !ib) return 255
  const w = Math.max(ia.maxX - ia.minX, ib.maxX - ib.minX) + 1
  const h = Math.max(ia.maxY - ia.minY, ib.maxY - ib.minY) + 1
  let best = 255
  for (const dx of [-1, 0, 1])
    for (const dy of [-1, 0, 1]) {
      let sum = 0
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const va = a.data[(ia.minY + y) * a.width + ia.minX + x] ?? 255
          const vb = b.data[(ib.minY + y + dy) * b.width + ib.minX + x + dx] ?? 255
          sum += Math.abs(va - vb)
        }
      best = Math.min(best, sum / (w * h))
    }
  return best
}
