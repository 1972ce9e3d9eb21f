import { type Canvas, createCanvas, ImageData } from '@napi-rs/canvas'
import sharp from 'sharp'
import type { Box } from '../model/schema'

/** How an image layer fits its box. */
export type Fit = 'cover' | 'contain'

/** The scale at which an image of `width` × `height` pixels fills (cover) or fits in (contain) a box. */
export function fitScale(fit: Fit, box: Box, width: number, height: number): number {
  return fit === 'cover' ? Math.max(box.w / width, box.h / height) : Math.min(box.w / width, box.h / height)
}

/**
 * Decodes image bytes at no more pixels than are drawn: `drawnScale(width, height)` gives the largest scale
 * any layer draws the (upright) image at. libvips decodes off the JavaScript thread, turns the image upright
 * by its EXIF orientation and, for a JPEG drawn at half its size or less (a phone's photo, usually), decodes
 * straight at a fraction of it. Measured by the bench: a 12-megapixel photo in a 960×720 box took 269 ms to
 * decode whole and draw with Skia on the event loop, 50 ms this way; a 1600×1200 JPEG drawn at 0.6 costs the
 * same either way. Undefined when the bytes are not an image libvips reads.
 */
export async function decodeForDrawing(
  bytes: Buffer | Uint8Array,
  drawnScale: (width: number, height: number) => number,
): Promise<Canvas | undefined> {
  try {
    const meta = await sharp(bytes, { autoOrient: true }).metadata()
    const { width, height } = meta.autoOrient
    if (!(width > 0 && height > 0)) return undefined
    const scale = Math.min(1, drawnScale(width, height))
    let image = sharp(bytes, { autoOrient: true })
    if (scale < 1)
      image = image.resize(Math.max(1, Math.ceil(width * scale)), Math.max(1, Math.ceil(height * scale)), {
        fit: 'fill',
      })
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    const canvas = createCanvas(info.width, info.height)
    const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength)
    canvas.getContext('2d').putImageData(new ImageData(pixels, info.width, info.height), 0, 0)
    return canvas
  } catch {
    return undefined
  }
}
