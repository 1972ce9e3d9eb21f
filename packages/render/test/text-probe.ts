import { parseTemplate, type Template } from '@templet/template'
import sharp from 'sharp'

/** The probe's text box on its 800×400 canvas; overflow and alignment tests read its edges. */
export const BOX = { x: 100, y: 100, w: 600, h: 200 }
export const SIZE = 48

/** A template with one text layer (black on white, 48 px, field `text`) in `box`, with the layer's overrides. */
export function textProbe(layer: Record<string, unknown>, box = BOX): Template {
  return parseTemplate({
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
