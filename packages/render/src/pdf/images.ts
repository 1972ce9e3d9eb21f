import { Image } from '@napi-rs/canvas'
import { decodedSize } from '@templet/template'
import sharp from 'sharp'
import { isDrawableSize } from '../draw/images'
import type { ImageSource } from '../render'

/** The JPEG quality of a photo re-encoded for a PDF (it is printed, so higher than the screen outputs' 75). */
export const PDF_JPEG_QUALITY = 90

/**
 * An image as a PDF embeds it, at the pixels it is drawn at (300 dpi on a print size). Skia's PDF backend
 * writes a JPEG's bytes as they are (DCTDecode), so a photo that came as a JPEG and needs no resize or
 * turn goes in untouched, one that does is re-encoded as a JPEG; an image that came lossless (PNG, or a
 * WebP with transparency) stays lossless, with an alpha channel so Skia does not turn it into a JPEG.
 */
export async function encodeForPdf(
  bytes: Buffer | Uint8Array,
  drawnScale: (width: number, height: number) => number,
): Promise<Buffer | Uint8Array | undefined> {
  try {
    const meta = await sharp(bytes, { autoOrient: true }).metadata()
    const { width, height } = meta.autoOrient
    if (!isDrawableSize(width, height)) return undefined
    const size = decodedSize(width, height, drawnScale)
    const same = size.width === width && size.height === height
    const photo = meta.format === 'jpeg' || (meta.format === 'webp' && !meta.hasAlpha)
    if (meta.format === 'jpeg' && same && (meta.orientation ?? 1) === 1) return bytes
    let image = sharp(bytes, { autoOrient: true })
    if (!same) image = image.resize(size.width, size.height, { fit: 'fill' })
    return await (photo
      ? image.jpeg({ quality: PDF_JPEG_QUALITY })
      : image.ensureAlpha().png({ compressionLevel: 4 })
    ).toBuffer()
  } catch {
    return undefined
  }
}

/**
 * The images of one PDF, each read, encoded and decoded once per size it is drawn at: a row that shows the
 * same photo as the row before draws the same Image, which Skia embeds once for the whole document.
 */
export class PdfImages {
  readonly #kept = new Map<string, Promise<Image | undefined>>()
  /** Each reference's upright size, which tells the pixels it is drawn at before its bytes are read again. */
  readonly #sizes = new Map<string, { width: number; height: number }>()
  readonly #source: ImageSource

  constructor(source: ImageSource) {
    this.#source = source
  }

  load = async (ref: string, drawnScale: (width: number, height: number) => number) => {
    const known = this.#sizes.get(ref)
    const key = known && keyOf(ref, decodedSize(known.width, known.height, drawnScale))
    const kept = key && this.#kept.get(key)
    if (kept) return kept
    const image = this.#read(ref, drawnScale)
    const read = await image
    if (read) this.#kept.set(keyOf(ref, read), image)
    return read
  }

  async #read(ref: string, drawnScale: (width: number, height: number) => number) {
    const bytes = await this.#source(ref)
    const encoded =
      bytes &&
      (await encodeForPdf(bytes, (width, height) => {
        this.#sizes.set(ref, { width, height })
        return drawnScale(width, height)
      }))
    if (!encoded) return undefined
    const image = new Image()
    image.src = encoded
    try {
      await image.decode()
      return image
    } catch {
      return undefined
    }
  }
}

const keyOf = (ref: string, size: { width: number; height: number }) => `${ref}\n${size.width}x${size.height}`
