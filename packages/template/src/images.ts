import type { Drawable } from './canvas'
import type { Size, Template } from './document'
import { layerKinds } from './layers'
import { layerBox } from './layers/context'
import { fitScale } from './layers/image/schema'
import type { Values } from './primitives'

/**
 * The pixels an image of `width` × `height` is decoded to for drawing: the largest it is drawn at
 * (`drawnScale(width, height)` output pixels per image pixel), each side rounded up, never more than it has.
 */
export function decodedSize(
  width: number,
  height: number,
  drawnScale: (width: number, height: number) => number,
): { width: number; height: number } {
  const scale = Math.min(1, drawnScale(width, height))
  return scale < 1
    ? { width: Math.max(1, Math.ceil(width * scale)), height: Math.max(1, Math.ceil(height * scale)) }
    : { width, height }
}

/**
 * For each key the layers of `size` draw an image under (with these values), the largest scale any of them draws
 * an image of `width` × `height` at, in layout px per image px: times the output's pixels per layout pixel, the
 * scale a renderer decodes it at.
 */
export function imageScales(
  t: Template,
  size: Size,
  values: Values,
): Map<string, (width: number, height: number) => number> {
  const frame = { sizeId: size.id, width: size.width, height: size.height }
  const drawn = t.layers.flatMap((layer) =>
    layerKinds.images(layer, values).map((image) => ({ ...image, box: layerBox(layer, frame) })),
  )
  const scales = new Map<string, (width: number, height: number) => number>()
  for (const key of new Set(drawn.map((image) => image.key))) {
    const boxes = drawn.filter((image) => image.key === key)
    scales.set(key, (width, height) =>
      Math.max(0, ...boxes.map((image) => fitScale(image.fit, image.box, width, height))),
    )
  }
  return scales
}

/**
 * The pixels each of `images` is fitted by when a renderer decodes it as the server's does (`decodedSize` at
 * `scale` output pixels per layout pixel): a browser drawing the whole image fits it by these to put it where the
 * server's render does, whose decoded image's sides, each rounded up, keep its proportions only to a pixel.
 */
export function decodedImageSizes(
  t: Template,
  size: Size,
  values: Values,
  images: ReadonlyMap<string, Drawable>,
  scale: number,
): Map<string, { width: number; height: number }> {
  const scales = imageScales(t, size, values)
  const sizes = new Map<string, { width: number; height: number }>()
  for (const [key, image] of images) {
    const drawnScale = scales.get(key)
    if (drawnScale)
      sizes.set(
        key,
        decodedSize(image.width, image.height, (w, h) => scale * drawnScale(w, h)),
      )
  }
  return sizes
}
