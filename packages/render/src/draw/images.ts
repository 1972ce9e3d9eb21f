import { type Canvas, createCanvas, ImageData } from '@napi-rs/canvas'
import { LRUCache } from 'lru-cache'
import sharp from 'sharp'
import type { Box } from '../model/schema'

/** How an image layer fits its box. */
export type Fit = 'cover' | 'contain'

/** The scale at which an image of `width` × `height` pixels fills (cover) or fits in (contain) a box. */
export function fitScale(fit: Fit, box: Box, width: number, height: number): number {
  return fit === 'cover' ? Math.max(box.w / width, box.h / height) : Math.min(box.w / width, box.h / height)
}

/**
 * Decoded images kept between renders, so that an editor's live preview, which draws the customer's photo again
 * on every change, decodes it once per size rather than on every keystroke. Keyed by the image's reference and
 * the pixels it is decoded to: a reference must always name the same bytes (an upload id, a content hash).
 */
export class DecodedImages {
  readonly #entries: LRUCache<string, Canvas>

  /** At most `maxBytes` of decoded pixels (4 bytes a pixel); the least recently drawn go first. */
  constructor(maxBytes: number) {
    this.#entries = new LRUCache<string, Canvas>({
      maxSize: maxBytes,
      sizeCalculation: (canvas) => Math.max(1, canvas.width * canvas.height * 4),
    })
  }

  get(key: string): Canvas | undefined {
    return this.#entries.get(key)
  }

  set(key: string, canvas: Canvas): void {
    // An image larger than the whole budget is not kept (lru-cache would refuse it anyway).
    if (canvas.width * canvas.height * 4 <= this.#entries.maxSize) this.#entries.set(key, canvas)
  }

  /** Bytes of pixels held now. */
  get bytes(): number {
    return this.#entries.calculatedSize
  }
}

/**
 * Decodes image bytes at no more pixels than are drawn: `drawnScale(width, height)` gives the largest scale
 * any layer draws the (upright) image at. libvips decodes off the JavaScript thread, turns the image upright
 * by its EXIF orientation and, for a JPEG drawn at half its size or less (a phone's photo, usually), decodes
 * straight at a fraction of it. Measured by the bench: a 12-megapixel photo in a 960×720 box took 269 ms to
 * decode whole and draw with Skia on the event loop, 50 ms this way; a 1600×1200 JPEG drawn at 0.6 costs the
 * same either way. With `cache`, an image already decoded to the same pixels under `ref` is not decoded again
 * (reading the header for its size is all it costs). Undefined when the bytes are not an image libvips reads.
 */
export async function decodeForDrawing(
  bytes: Buffer | Uint8Array,
  drawnScale: (width: number, height: number) => number,
  cache?: { images: DecodedImages; ref: string },
): Promise<Canvas | undefined> {
  try {
    const meta = await sharp(bytes, { autoOrient: true }).metadata()
    const { width, height } = meta.autoOrient
    if (!(width > 0 && height > 0)) return undefined
    const scale = Math.min(1, drawnScale(width, height))
    const w = scale < 1 ? Math.max(1, Math.ceil(width * scale)) : width
    const h = scale < 1 ? Math.max(1, Math.ceil(height * scale)) : height
    // The byte length is a cheap guard against a reference reused for other bytes.
    const key = cache && `${cache.ref}\n${bytes.byteLength}\n${w}x${h}`
    const kept = key ? cache.images.get(key) : undefined
    if (kept) return kept
    let image = sharp(bytes, { autoOrient: true })
    if (scale < 1) image = image.resize(w, h, { fit: 'fill' })
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    const canvas = createCanvas(info.width, info.height)
    const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength)
    canvas.getContext('2d').putImageData(new ImageData(pixels, info.width, info.height), 0, 0)
    if (key) cache.images.set(key, canvas)
    return canvas
  } catch {
    return undefined
  }
}
