import {
  BLEED_MM,
  type Layer,
  layerBox,
  layerKinds,
  MM_PER_INCH,
  POINTS_PER_INCH,
  printPoints,
  SCREEN_PX_PER_INCH,
  type Size,
  type Template,
} from '@templet/template'

const mm = (n: number) => (n / MM_PER_INCH) * POINTS_PER_INCH
/** Crop marks start this far outside the trimmed sheet (clear of a 3 mm bleed) and are this long. */
const MARK_OFFSET = mm(BLEED_MM)
const MARK_LENGTH = mm(5)
/** Hairline crop marks, as print shops draw them. */
const MARK_WIDTH = 0.25

/** A box in PDF user space (origin bottom left, points). */
export interface PdfBox {
  x: number
  y: number
  width: number
  height: number
}

export interface PageOptions {
  /** 3 mm of the design beyond each edge of the sheet, for a print shop to trim into. */
  bleed?: boolean
  /** Crop marks at the corners, outside the bleed (the page grows to hold them). */
  cropMarks?: boolean
}

/**
 * Where a size sits on its PDF page. The trimmed sheet is the print size in points (A4: 595.276 ×
 * 841.89), or for a screen size its pixels at 96 to the inch. Skia's PDF pages are whole points, so the
 * page is drawn on the next whole size up and its boxes are set exactly afterwards, anchored at the top
 * left where Skia's drawing starts.
 */
export function pageGeometry(size: Size, o: PageOptions) {
  const trim = size.print
    ? printPoints(size.print)
    : {
        width: (size.width / SCREEN_PX_PER_INCH) * POINTS_PER_INCH,
        height: (size.height / SCREEN_PX_PER_INCH) * POINTS_PER_INCH,
      }
  const bleed = o.bleed ? mm(BLEED_MM) : 0
  const margin = o.cropMarks ? MARK_OFFSET + MARK_LENGTH : bleed
  const media = { width: trim.width + 2 * margin, height: trim.height + 2 * margin }
  const page = { width: Math.ceil(media.width - 1e-6), height: Math.ceil(media.height - 1e-6) }
  const bottom = page.height - media.height
  const inset = (by: number): PdfBox => ({
    x: margin - by,
    y: bottom + margin - by,
    width: trim.width + 2 * by,
    height: trim.height + 2 * by,
  })
  return {
    /** The page Skia draws, in whole points; its top-left corner is the media box's. */
    page,
    /** From the page's top-left corner to the sheet's, in points. */
    margin,
    bleed,
    /** Points per layout pixel on each axis. */
    scale: { x: trim.width / size.width, y: trim.height / size.height },
    mediaBox: inset(margin),
    bleedBox: inset(bleed),
    trimBox: inset(0),
  }
}
export type PageGeometry = ReturnType<typeof pageGeometry>

// Within half a pixel of the sheet's edge, a layer is meant to reach it.
const EDGE = 0.5

/**
 * The template with every rectangle and image that reaches an edge of the sheet extended by the bleed
 * (in layout pixels on each axis) past that edge, as a print shop expects of backgrounds and full-bleed
 * photos. Text, ellipses and lines stay where they are.
 */
export function withBleed(t: Template, size: Size, bleedX: number, bleedY: number): Template {
  if (bleedX <= 0 && bleedY <= 0) return t
  const frame = { sizeId: size.id, width: size.width, height: size.height }
  const extend = (layer: Layer): Layer => {
    if (!layerKinds.bleeds(layer)) return layer
    const box = layerBox(layer, frame)
    const left = box.x <= EDGE ? bleedX : 0
    const top = box.y <= EDGE ? bleedY : 0
    const right = box.x + box.w >= size.width - EDGE ? bleedX : 0
    const bottom = box.y + box.h >= size.height - EDGE ? bleedY : 0
    if (!(left || top || right || bottom)) return layer
    const grown = { x: box.x - left, y: box.y - top, w: box.w + left + right, h: box.h + top + bottom }
    const own = layer.bySize?.[size.id]
    return { ...layer, bySize: { ...layer.bySize, [size.id]: { ...own, box: grown } } } as Layer
  }
  return { ...t, layers: t.layers.map(extend) }
}

interface PathContext {
  save(): void
  restore(): void
  beginPath(): void
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
  stroke(): void
  strokeStyle: unknown
  lineWidth: number
}

/** Crop marks at the four corners of the sheet, drawn in page points from the top-left corner. */
export function drawCropMarks(ctx: PathContext, g: PageGeometry) {
  const left = g.margin
  const top = g.margin
  const right = g.margin + g.trimBox.width
  const bottom = g.margin + g.trimBox.height
  ctx.save()
  ctx.strokeStyle = '#000000'
  ctx.lineWidth = MARK_WIDTH
  ctx.beginPath()
  for (const x of [left, right])
    for (const y of [top, bottom]) {
      const out = x === left ? -1 : 1
      const down = y === top ? -1 : 1
      ctx.moveTo(x + out * MARK_OFFSET, y)
      ctx.lineTo(x + out * (MARK_OFFSET + MARK_LENGTH), y)
      ctx.moveTo(x, y + down * MARK_OFFSET)
      ctx.lineTo(x, y + down * (MARK_OFFSET + MARK_LENGTH))
    }
  ctx.stroke()
  ctx.restore()
}
