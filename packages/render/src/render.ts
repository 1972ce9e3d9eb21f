import type { Canvas } from '@napi-rs/canvas'
import {
  type Canvas2D,
  choiceLabels,
  type Drawable,
  drawLayer,
  effectiveValues,
  fieldKinds,
  hyphenationLanguages,
  imageScales,
  type Locale,
  layerKinds,
  loadHyphenation,
  onPage,
  PRINT_DPI,
  printPixels,
  type Size,
  sizeOf,
  type Template,
  UnknownSizeError,
  type Values,
} from '@templet/template'
import sharp, { type Sharp } from 'sharp'
import { type BrandFontFile, registerBrandFonts } from './brand-fonts'
import { drawableText } from './coverage'
import { type DecodedImages, imageForDrawing } from './draw/images'
import { surfaces } from './draw/surfaces'
import { drawWatermark } from './draw/watermark'
import { joiningEmoji } from './emoji'
import { loadFaces } from './fonts'

/**
 * Resolves an image's reference (for the server: an upload id; a value's focal point is not part of it) to its bytes:
 * undefined when there is no such image (drawn as missing); a rejection (storage unreachable) fails the render.
 */
export type ImageSource = (value: string) => Promise<Buffer | Uint8Array | undefined>

export interface RenderOptions {
  /** Default: the template's first size. */
  sizeId?: string
  /**
   * The page to draw, from 0 (default: the first). A PDF without it has every page (see `renderPdf`); a page
   * the design lacks is refused (`UNKNOWN_PAGE`).
   */
  page?: number
  /** The language of the defaults drawn for fields left empty (default 'en'). */
  locale?: Locale
  /** Missing, or answering undefined: the image is missing (see `placeholders`). */
  images?: ImageSource
  /**
   * Whether an image layer without its image draws its placeholder (a grey field with a picture mark). A
   * preview does by default, to show where a photo goes; `render()` and `renderPdf()` do not: what a
   * customer pays for never shows a placeholder, an empty optional photo leaves its layer empty.
   */
  placeholders?: boolean
  /** Keeps decoded images between renders (see DecodedImages); each reference must always name the same bytes. */
  decodedImages?: DecodedImages
  /** The language the values are written in (BCP 47: ja, ko, zh-TW…), for the forms of Han characters. */
  lang?: string
  /**
   * The language of single values, by field key (BCP 47), as the customer declared it: the Han characters of
   * that value are drawn in that language's forms (Japanese, traditional, Korean), before a layer's `lang`
   * and `lang` above. A field without one keeps the layer's language, else what its text shows.
   */
  valueLanguages?: Readonly<Record<string, string>>
  /**
   * The files of the brand families the template names, its owner's only (the server's to choose). A family
   * without files draws in sans.
   */
  brandFonts?: readonly BrandFontFile[]
  /**
   * `render()` only: the files to encode (default all three); the others are not made. The thumbnail always is.
   */
  formats?: readonly RasterFormat[]
  /**
   * Marks the output as not real: "TEMPLET TEST" across it, over every layer (a test-mode API key's renders).
   * Without it the output is as before, byte for byte.
   */
  watermark?: boolean
}

/** The raster files `render()` makes. */
export const RASTER_FORMATS = ['png', 'jpeg', 'webp'] as const
export type RasterFormat = (typeof RASTER_FORMATS)[number]

export interface Rendered {
  width: number
  height: number
  /** Set for a print size: the resolution written into the PNG and the JPEG (300). */
  dpi?: number
  /** Each file is there when `formats` asked for it (by default). */
  png?: Buffer
  /** Quality 75. */
  jpeg?: Buffer
  /** Quality 75. */
  webp?: Buffer
  /** WebP at quality 75, longest side 480 px. */
  thumbnail: Buffer
  /** The text layers whose text did not fit even at their smallest size and were cut with "…". */
  truncated: string[]
}

/** What `render()` makes when no `formats` are named: every file. */
export type RenderedEveryFormat = Rendered & Record<RasterFormat, Buffer>

/** The quality of every lossy output (the product's default image quality). */
export const QUALITY = 75
export const THUMBNAIL_SIDE = 480
// WebP effort 2 instead of sharp's default 4: measured here, the same size at a third of the time.
const WEBP = { quality: QUALITY, effort: 2 } as const
const JPEG = { quality: QUALITY, mozjpeg: false } as const
// zlib level 6 with adaptive filtering is libvips' default; measured, level 4 is ~30% faster for ~3% more bytes.
const PNG = { compressionLevel: 4 } as const

export type RenderErrorCode = 'UNKNOWN_SIZE' | 'UNKNOWN_PAGE' | 'NO_PAGES' | 'TOO_MANY_PAGES'

export class RenderError extends Error {
  readonly code: RenderErrorCode
  constructor(code: RenderErrorCode, message: string) {
    super(message)
    this.name = 'RenderError'
    this.code = code
  }
}

/** The size to draw: the model's `sizeOf`, its refusal of an unknown id as the renderer's `UNKNOWN_SIZE`. */
export function pickSize(t: Template, sizeId: string | undefined) {
  try {
    return sizeOf(t, sizeId)
  } catch (e) {
    if (e instanceof UnknownSizeError) throw new RenderError('UNKNOWN_SIZE', e.message)
    throw e
  }
}

/** One page of the design as it draws (the model's `onPage`), a page it lacks refused as `UNKNOWN_PAGE`. */
export function pickPage(t: Template, page: number | undefined): Template {
  try {
    return onPage(t, page)
  } catch (e) {
    if (e instanceof RangeError) throw new RenderError('UNKNOWN_PAGE', e.message)
    throw e
  }
}

/** Reads and decodes one image for drawing, at no more pixels than `drawnScale(width, height)` asks for. */
export type ImageLoader<Image extends Drawable> = (
  ref: string,
  drawnScale: (width: number, height: number) => number,
) => Promise<Image | undefined>

/**
 * Fetches and decodes the values' images, each at the largest size a layer draws it in this size of the
 * template at `scale` output pixels per layout pixel (never more pixels than that).
 */
export async function loadImages<Image extends Drawable>(
  t: Template,
  size: Size,
  scale: number,
  values: Values,
  load: ImageLoader<Image>,
) {
  const images = new Map<string, Image>()
  const scales = imageScales(t, size, values)
  // What to load, by the key the layers draw it under: each filled upload field's upload, each author's image.
  const refs = new Map<string, string>()
  for (const f of t.fields) {
    const upload = fieldKinds.upload(f, values[f.key])
    if (upload !== undefined) refs.set(f.key, upload)
  }
  for (const layer of t.layers)
    for (const image of layerKinds.images(layer, values))
      if (image.src !== undefined) refs.set(image.key, image.src)
  const drawnScale = (key: string) => (width: number, height: number) =>
    scale * (scales.get(key)?.(width, height) ?? 0)
  await Promise.all(
    [...refs].map(async ([key, ref]) => {
      const img = await load(ref, drawnScale(key))
      if (img) images.set(key, img)
    }),
  )
  return images
}

/**
 * The pixels of a size's raster outputs: its sheet at 300 dpi for a print size, else its own pixels.
 */
export const outputPixels = (size: Size) =>
  size.print ? printPixels(size.print) : { width: size.width, height: size.height }

/**
 * Draws every layer of a template on a Canvas 2D context whose current transform maps the size's layout
 * pixels to the surface (a raster canvas, a PDF page), over an opaque white base. Returns the text layers
 * cut with "…" because their text did not fit even at their smallest size.
 */
export function drawTemplate<Image extends Drawable>(
  ctx: Canvas2D<Image>,
  t: Template,
  size: Size,
  locale: Locale,
  values: Values,
  images: Map<string, Image>,
  o: {
    lang?: string | undefined
    valueLanguages?: Readonly<Record<string, string>> | undefined
    placeholders?: boolean | undefined
    watermark?: boolean | undefined
  } = {},
): string[] {
  // An opaque base: outputs carry no alpha, so PNG, JPEG, WebP and PDF show the same picture.
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, size.width, size.height)
  const truncated: string[] = []
  const d = {
    ctx,
    sizeId: size.id,
    width: size.width,
    height: size.height,
    locale,
    values,
    labels: choiceLabels(t, values, locale),
    images,
    lang: o.lang,
    ...(o.valueLanguages && { valueLanguages: o.valueLanguages }),
    placeholders: o.placeholders ?? true,
    drawableText,
    loadFaces,
    onText: (id: string, drawn: { truncated: boolean }) => drawn.truncated && truncated.push(id),
  }
  for (const layer of t.layers) drawLayer(layer, d)
  if (o.watermark) drawWatermark(ctx, size.width, size.height)
  return truncated
}

/** Raw RGBA pixels, opaque. */
export interface Pixels {
  width: number
  height: number
  pixels: Buffer
}

/** Draws a template into raw RGBA pixels at `scale` (1 = the size's own layout pixels). */
export function drawPixels(t: Template, values: Values, o: RenderOptions, scale: number) {
  const size = pickSize(t, o.sizeId)
  const width = Math.max(1, Math.round(size.width * scale))
  const height = Math.max(1, Math.round(size.height * scale))
  return drawTo(t, values, o, { width, height, scaleX: scale, scaleY: scale }, pixelsOf)
}

/**
 * Draws a template on a kept surface (see Surfaces) of `target`'s size, the layout scaled by `scaleX` and
 * `scaleY`, and returns what `read` takes from the surface before it is given back.
 */
async function drawTo<Read>(
  design: Template,
  values: Values,
  o: RenderOptions,
  target: { width: number; height: number; scaleX: number; scaleY: number },
  read: (surface: Canvas) => Read,
): Promise<Read & { truncated: string[] }> {
  const t = pickPage(design, o.page)
  const size = pickSize(t, o.sizeId)
  const locale = o.locale ?? 'en'
  const effective = effectiveValues(t, values, locale)
  const { width, height, scaleX, scaleY } = target
  const source = o.images
  const images = source
    ? await loadImages(t, size, Math.max(scaleX, scaleY), effective, (ref, drawnScale) =>
        imageForDrawing(ref, source, drawnScale, o.decodedImages),
      )
    : new Map<string, Canvas>()
  registerBrandFonts(o.brandFonts ?? [])
  // Nothing to wait for unless a text layer hyphenates; each language's patterns load once per process.
  await loadHyphenation(hyphenationLanguages(t, { locale, lang: o.lang, valueLanguages: o.valueLanguages }))
  const canvas = surfaces.take(width, height)
  const ctx = joiningEmoji(canvas.getContext('2d'))
  ctx.save()
  ctx.imageSmoothingQuality = 'high'
  ctx.scale(scaleX, scaleY)
  const truncated = drawTemplate(ctx, t, size, locale, effective, images, {
    lang: o.lang,
    valueLanguages: o.valueLanguages,
    placeholders: o.placeholders,
    watermark: o.watermark,
  })
  const drawn = { ...read(canvas), truncated }
  ctx.restore()
  surfaces.give(canvas)
  return drawn
}

/** A surface's pixels, copied out. */
const pixelsOf = (canvas: Canvas): Pixels => {
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data
  return {
    width: canvas.width,
    height: canvas.height,
    pixels: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
  }
}

/**
 * The thumbnail's pixels, scaled down by Skia from the drawn canvas (mipmapped, high quality): measured
 * here about 2 ms against about 20 ms for a lanczos resize of the full pixels in libvips.
 */
export function thumbnailPixels(canvas: Canvas): Pixels {
  const scale = Math.min(1, THUMBNAIL_SIDE / Math.max(canvas.width, canvas.height))
  const width = Math.max(1, Math.round(canvas.width * scale))
  const height = Math.max(1, Math.round(canvas.height * scale))
  const small = surfaces.take(width, height)
  const ctx = small.getContext('2d')
  ctx.save()
  ctx.imageSmoothingQuality = 'high'
  ctx.drawImage(canvas, 0, 0, width, height)
  const pixels = pixelsOf(small)
  ctx.restore()
  surfaces.give(small)
  return pixels
}

// A new pipeline per output, not clone(): sharp's clone() deep-copies its input, here 4.7 MB of pixels.
const fromPixels = (p: Pixels) =>
  sharp(p.pixels, { raw: { width: p.width, height: p.height, channels: 4 } }).removeAlpha()

/**
 * Renders a template with values: PNG, JPEG and WebP (quality 75) at the size's pixels, or those of them
 * `formats` names, and a WebP thumbnail. Missing values draw the field's default in `locale`; unknown keys
 * are ignored. The encodes run concurrently on libvips' threads.
 */
export async function render(
  t: Template,
  values: Values,
  o?: RenderOptions & { formats?: undefined },
): Promise<RenderedEveryFormat>
export async function render(t: Template, values: Values, o?: RenderOptions): Promise<Rendered>
export async function render(t: Template, values: Values, o: RenderOptions = {}): Promise<Rendered> {
  const size = pickSize(t, o.sizeId)
  // A print size's sheet at 300 dpi has the layout's proportions within 1 %: each axis takes its own scale.
  const { width, height } = outputPixels(size)
  const p = await drawTo(
    t,
    values,
    { ...o, placeholders: o.placeholders ?? false },
    {
      width,
      height,
      scaleX: width / size.width,
      scaleY: height / size.height,
    },
    (surface) => ({ ...pixelsOf(surface), thumbnail: thumbnailPixels(surface) }),
  )
  // A print size's PNG and JPEG say they are 300 dpi, so a print dialog or a print shop sizes them right.
  const dpi = size.print ? PRINT_DPI : undefined
  const sized = (img: Sharp) => (dpi ? img.withMetadata({ density: dpi }) : img)
  const encoders: Record<RasterFormat, () => Promise<Buffer>> = {
    png: () => sized(fromPixels(p)).png(PNG).toBuffer(),
    jpeg: () => sized(fromPixels(p)).jpeg(JPEG).toBuffer(),
    webp: () => fromPixels(p).webp(WEBP).toBuffer(),
  }
  const asked = RASTER_FORMATS.filter((f) => !o.formats || o.formats.includes(f))
  const [thumbnail, ...files] = await Promise.all([
    fromPixels(p.thumbnail).webp(WEBP).toBuffer(),
    ...asked.map((f) => encoders[f]()),
  ])
  return {
    width: p.width,
    height: p.height,
    ...(dpi && { dpi }),
    ...Object.fromEntries(asked.map((f, i) => [f, files[i]])),
    thumbnail,
    truncated: p.truncated,
  }
}

const CONTENT_TYPES = { jpeg: 'image/jpeg', webp: 'image/webp', png: 'image/png' } as const

/**
 * A cheap preview for a live editor: drawn directly at the preview's scale (not drawn large and
 * shrunk), one format. Same layout code as render, so the preview is what the customer downloads.
 */
export async function renderPreview(
  t: Template,
  values: Values,
  o: RenderOptions & { maxSide?: number; format?: 'jpeg' | 'webp' | 'png' } = {},
): Promise<{ width: number; height: number; data: Buffer; contentType: string; truncated: string[] }> {
  const size = pickSize(t, o.sizeId)
  const scale = Math.min(1, (o.maxSide ?? 640) / Math.max(size.width, size.height))
  const p = await drawPixels(t, values, o, scale)
  const format = o.format ?? 'jpeg'
  const img = fromPixels(p)
  const data = await (format === 'png'
    ? img.png(PNG)
    : format === 'webp'
      ? img.webp(WEBP)
      : img.jpeg(JPEG)
  ).toBuffer()
  return {
    width: p.width,
    height: p.height,
    data,
    contentType: CONTENT_TYPES[format],
    truncated: p.truncated,
  }
}
