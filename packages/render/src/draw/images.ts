import { type Canvas, createCanvas, ImageData } from '@napi-rs/canvas'
import { decodedSize } from '@templet/template'
import { LRUCache } from 'lru-cache'
import sharp from 'sharp'

/**
 * Decoded images kept between renders, so that an editor's live preview, which draws the customer's photo again
 * on every change, decodes it once per size rather than on every keystroke, and need not even read it again.
 * Keyed by the image's reference and the pixels it is decoded to: a reference must always name the same bytes
 * (an upload id, a content hash).
 */
export class DecodedImages {
  readonly #entries: LRUCache<string, Canvas>
  /** Each reference's upright size, which tells the pixels to decode it to before its bytes are read. */
  readonly #sizes = new LRUCache<string, { width: number; height: number }>({ max: 10_000 })

  /** At most `maxBytes` of decoded pixels (4 bytes a pixel); the least recently drawn go first. */
  constructor(maxBytes: number) {
    this.#entries = new LRUCache<string, Canvas>({
      maxSize: maxBytes,
      sizeCalculation: (canvas) => Math.max(1, canvas.width * canvas.height * 4),
    })
  }

  get(ref: string, width: number, height: number): Canvas | undefined {
    return this.#entries.get(`${ref}\n${width}x${height}`)
  }

  /** An image larger than the whole budget is not kept. */
  set(ref: string, canvas: Canvas): void {
    this.#entries.set(`${ref}\n${canvas.width}x${canvas.height}`, canvas)
  }

  sizeOf(ref: string) {
    return this.#sizes.get(ref)
  }

  setSizeOf(ref: string, size: { width: number; height: number }) {
    this.#sizes.set(ref, size)
  }

  /** Bytes of pixels held now. */
  get bytes(): number {
    return this.#entries.calculatedSize
  }
}

/**
 * The longest side of an image that is drawn, in pixels (uploads are refused past it too). A decoder works a strip
 * of whole rows at a time, so its memory grows with the width whatever the pixel count: a 49,000,000 × 1 PNG took
 * 2 GB to decode. An image past it, kept before uploads were checked for it, is not decoded: it draws as bytes
 * that are no image do, its placeholder.
 */
export const IMAGE_MAX_SIDE = 16_384

/** Whether an image of `width` × `height` (from its header) is one to decode: both sides within the limit. */
export const isDrawableSize = (width: number, height: number) =>
  width > 0 && height > 0 && width <= IMAGE_MAX_SIDE && height <= IMAGE_MAX_SIDE

/**
 * Decodes image bytes at no more pixels than are drawn: `drawnScale(width, height)` gives the largest scale
 * any layer draws the (upright) image at. libvips decodes off the JavaScript thread, turns the image upright
 * by its EXIF orientation and, for a JPEG drawn at half its size or less (a phone's photo, usually), decodes
 * straight at a fraction of it. Measured by the bench: a 12-megapixel photo in a 960×720 box took 269 ms to
 * decode whole and draw with Skia on the event loop, 50 ms this way; a 1600×1200 JPEG drawn at 0.6 costs the
 * same either way. Undefined when the bytes are not an image libvips reads, or one with a side past
 * {@link IMAGE_MAX_SIDE} (read from its header, before any decode).
 */
export async function decodeForDrawing(
  bytes: Buffer | Uint8Array,
  drawnScale: (width: number, height: number) => number,
): Promise<Canvas | undefined> {
  try {
    const meta = await sharp(bytes, { autoOrient: true }).metadata()
    const { width, height } = meta.autoOrient
    if (!isDrawableSize(width, height)) return undefined
    const size = decodedSize(width, height, drawnScale)
    let image = sharp(bytes, { autoOrient: true })
    if (size.width !== width || size.height !== height)
      image = image.resize(size.width, size.height, { fit: 'fill' })
    const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true })
    const canvas = createCanvas(info.width, info.height)
    const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength)
    canvas.getContext('2d').putImageData(new ImageData(pixels, info.width, info.height), 0, 0)
    return canvas
  } catch {
    return undefined
  }
}

/**
 * The image `ref` names, ready to draw: from `cache` when it holds the image at the pixels it is drawn at (its
 * bytes are then not even read), else read from `source` and decoded (and kept in `cache`). Undefined when the
 * source has no bytes for it or they are not an image; rejects when the source does.
 */
export async function imageForDrawing(
  ref: string,
  source: (ref: string) => Promise<Buffer | Uint8Array | undefined>,
  drawnScale: (width: number, height: number) => number,
  cache?: DecodedImages,
): Promise<Canvas | undefined> {
  const known = cache?.sizeOf(ref)
  if (cache && known) {
    const size = decodedSize(known.width, known.height, drawnScale)
    const kept = cache.get(ref, size.width, size.height)
    if (kept) return kept
  }
  // A source that cannot read now rejects, and so does the render: never a paid picture without its photo.
  const bytes = await source(ref)
  if (!bytes) return undefined
  const canvas = await decodeForDrawing(bytes, (width, height) => {
    cache?.setSizeOf(ref, { width, height })
    return drawnScale(width, height)
  })
  if (canvas) cache?.set(ref, canvas)
  return canvas
}
