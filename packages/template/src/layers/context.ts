import type { Canvas2D, Drawable } from '../canvas'
import type { FontFamily } from '../fonts'
import type { Box, Locale, Values } from '../primitives'

/** What drawing a layer needs: the surface, the size drawn, the language and the values. */
export interface DrawContext<Image extends Drawable = Drawable> {
  ctx: Canvas2D<Image>
  sizeId: string
  width: number
  height: number
  locale: Locale
  /** Every field's effective value (defaults filled in). */
  values: Values
  /**
   * The words a `{{key}}` of a choice field inserts in a text: its chosen option's label in `locale` (see
   * `choiceLabels`). A choice's value is a name for the program; its label is what a person reads.
   */
  labels?: Values
  /** Decoded images by field key; a key without an image draws the layer's placeholder (see `placeholders`). */
  images: Map<string, Image>
  /**
   * The pixels an image is fitted by, by key, where they are not its own: a browser drawing a whole image gives
   * those of the server's decoded one (`decodedImageSizes`), so the image lands where the server's render puts it.
   */
  imageSizes?: ReadonlyMap<string, { width: number; height: number }>
  /**
   * Whether a layer without its image draws its placeholder, a preview aid that shows where a photo goes
   * (default true). A finished creation says false: an empty optional photo leaves its layer empty, and the
   * layers below show through.
   */
  placeholders?: boolean
  /** The language of the values (BCP 47), for the glyph forms of Han characters where a layer sets none. */
  lang?: string
  /**
   * The language a value is written in, by field key (BCP 47: `ja`, `zh-TW`, `ko`…), as the customer declared
   * it: its Han characters take that language's forms, before the layer's `lang` and `lang` above.
   */
  valueLanguages?: Readonly<Record<string, string>>
  /**
   * The text as the surface can draw it with the template's fonts. The server drops characters its
   * shipped fonts lack, so no machine's system font stands in; a browser with the same fonts keeps all.
   */
  drawableText?: (text: string, family: FontFamily, lang: string | undefined) => string
  /** Called with the faces a text draws with before it is measured: the server registers them on first use. */
  loadFaces?: (faces: string[]) => void
  /** Told of every text layer drawn, with whether its text had to be cut to fit. */
  onText?: (layerId: string, drawn: { truncated: boolean }) => void
}

/** The frame a layer is placed in: the size's id and pixels. */
export type Frame = Pick<DrawContext, 'sizeId' | 'width' | 'height'>

interface Placed {
  box?: Box
  bySize?: Record<string, { box?: Box }>
  when?: { field: string; in?: string[]; present?: boolean }
}

/** The layer's box in the render's size (its per-size override, or the whole canvas when it has none). */
export const layerBox = (layer: Placed, d: Frame): Box =>
  layer.bySize?.[d.sizeId]?.box ?? layer.box ?? { x: 0, y: 0, w: d.width, h: d.height }

/** Whether a layer shows for these values (its `when` condition). */
export function isVisible(layer: Placed, d: Pick<DrawContext, 'values' | 'images'>): boolean {
  const w = layer.when
  if (!w) return true
  if (w.present !== undefined && (d.images.has(w.field) || Boolean(d.values[w.field])) !== w.present)
    return false
  if (w.in && !w.in.includes(d.values[w.field] ?? '')) return false
  return true
}

/** A path with rounded corners (a plain rectangle when the radius is 0). */
export function roundedPath(ctx: Canvas2D, box: Box, radius: number) {
  ctx.beginPath()
  if (radius > 0) ctx.roundRect(box.x, box.y, box.w, box.h, Math.min(radius, box.w / 2, box.h / 2))
  else ctx.rect(box.x, box.y, box.w, box.h)
}
