import { type Layer, layerSchema, sizeOrDefault, type Template } from '@templet/template'

/** `base`, or `base2`, `base3` …: the first key no field of the template has. */
export function uniqueFieldKey(t: Template, base: string): string {
  const taken = new Set(t.fields.map((f) => f.key))
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`
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
