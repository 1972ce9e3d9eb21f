import { type Field, type Layer, layerSchema, sizeOrDefault, type Template } from '@templet/template'

export type NewLayerKind = 'text' | 'image' | 'rect' | 'ellipse' | 'line' | 'qr'

/** `base`, or `base2`, `base3` …: the first key no field of the template has. */
export function uniqueFieldKey(t: Template, base: string): string {
  const taken = new Set(t.fields.map((f) => f.key))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`
}

/**
 * A new layer of a kind, centred in the size shown and scaled to it, with the model's defaults filled in;
 * an image layer comes with the image field the customer fills.
 */
export function newLayer(
  t: Template,
  sizeId: string,
  kind: NewLayerKind,
  words: { text: string; link: string; image: { en: string; 'zh-CN': string } },
): { layer: Layer; field?: Field } {
  const size = sizeOrDefault(t, sizeId)
  const short = Math.min(size.width, size.height)
  const centred = (w: number, h: number) => ({
    x: Math.round((size.width - w) / 2),
    y: Math.round((size.height - h) / 2),
    w: Math.round(w),
    h: Math.round(h),
  })
  switch (kind) {
    case 'text': {
      const fontSize = Math.max(12, Math.round(short / 14))
      return {
        layer: layerSchema.parse({
          id: 'text',
          type: 'text',
          text: words.text,
          size: fontSize,
          box: centred(short * 0.6, fontSize * 1.6),
        }),
      }
    }
    case 'image': {
      const key = uniqueFieldKey(t, 'image')
      return {
        layer: layerSchema.parse({
          id: 'image',
          type: 'image',
          field: key,
          box: centred(short * 0.4, short * 0.4),
        }),
        field: { key, kind: 'image', label: words.image },
      }
    }
    case 'qr':
      return {
        layer: layerSchema.parse({
          id: 'qr',
          type: 'qr',
          data: words.link,
          background: '#ffffff',
          box: centred(short * 0.25, short * 0.25),
        }),
      }
    case 'line':
      return {
        layer: layerSchema.parse({
          id: 'line',
          type: 'shape',
          shape: 'line',
          stroke: { color: '#111111', width: Math.max(1, Math.round(short / 200)) },
          box: centred(short * 0.4, Math.max(2, short / 50)),
        }),
      }
    default:
      return {
        layer: layerSchema.parse({
          id: kind === 'rect' ? 'rectangle' : 'ellipse',
          type: 'shape',
          shape: kind,
          fill: '#94a3b8',
          box: centred(short * 0.3, short * 0.3),
        }),
      }
  }
}

/**
 * A fixed image layer (a logo) for the upload `ref` of `width` × `height` pixels: centred in the size shown,
 * within a quarter of its shorter side and with the image's proportions, so `contain` fills the box.
 */
export function fixedImageLayer(
  t: Template,
  sizeId: string,
  ref: string,
  width: number,
  height: number,
): Layer {
  const size = sizeOrDefault(t, sizeId)
  const side = Math.min(size.width, size.height) * 0.25
  const scale = side / Math.max(width, height, 1)
  const w = Math.max(1, Math.round(width * scale))
  const h = Math.max(1, Math.round(height * scale))
  return layerSchema.parse({
    id: 'logo',
    type: 'image',
    src: ref,
    fit: 'contain',
    box: { x: Math.round((size.width - w) / 2), y: Math.round((size.height - h) / 2), w, h },
  })
}
