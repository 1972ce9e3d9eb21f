import {
  choiceLabels,
  type DrawContext,
  decodedImageSizes,
  drawLayer,
  effectiveValues,
  hyphenationLanguages,
  hyphenationLoaded,
  type Layer,
  type Locale,
  loadHyphenation,
  sizeOrDefault,
  type Template,
  type Values,
} from '@templet/template'

/** Each canvas's latest paint: a paint waiting for hyphenation patterns repaints only if no other came after it. */
const latest = new WeakMap<HTMLCanvasElement, object>()

/**
 * The layers under a gesture's lowest moving layer, drawn once onto a canvas of their own: each step of the
 * gesture copies them and draws only the moving layer and those above it (so what lies above still covers it).
 * `inputs` is everything the drawing read; a paint with other inputs draws the kept layers again.
 */
interface KeptLayers {
  inputs: unknown[]
  layers: readonly Layer[]
  picture: HTMLCanvasElement
  truncated: string[]
}
const keptBelow = new WeakMap<HTMLCanvasElement, KeptLayers>()

/** Whether two lists hold the same things, by identity. */
const sameItems = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x, i) => x === b[i])

/** What a layer's drawing reads besides the layer: the document's other parts and the paint's options. */
const drawingInputs = (t: Template, o: PaintOptions, width: number, height: number): unknown[] => {
  const { layers: _layers, ...rest } = t
  return [
    ...Object.keys(rest).sort(),
    ...Object.entries(rest)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([, v]) => v),
    o.sizeId,
    o.locale,
    o.values,
    o.valueLanguages,
    o.scale,
    o.images,
    o.epoch,
    width,
    height,
  ]
}

export interface PaintOptions {
  sizeId: string
  locale: Locale
  values?: Values
  /** The language of single values by field key (BCP 47), for the forms of their Han characters. */
  valueLanguages?: Readonly<Record<string, string>>
  scale: number
  images?: Map<string, ImageBitmap>
  /**
   * The layers a gesture is moving (a drag, a resize): the layers under the lowest of them are drawn once and
   * kept while the gesture's steps leave them and the other inputs as they were. Undefined: all are drawn.
   */
  moving?: readonly string[]
  /** Grows when what the drawing uses besides these inputs changed (fonts came in): kept layers draw again. */
  epoch?: number
}

/**
 * Draws a template on a browser canvas with the model's own drawing code, at `scale` CSS px per template px
 * and the screen's pixel ratio: what the server renders, drawn here without a round trip. Images are drawn
 * as their layers' placeholders until the host passes decoded ones. Answers the text layers whose words did not
 * fit even at their smallest size and were cut with "…" (the render's `truncated`). A text layer that hyphenates
 * is drawn unhyphenated until its language's patterns have loaded (the first time only), then painted again.
 */
export function paintDocument(
  canvas: HTMLCanvasElement,
  t: Template,
  o: PaintOptions,
): { truncated: string[] } {
  const paint = {}
  latest.set(canvas, paint)
  const langs = hyphenationLanguages(t, { locale: o.locale, valueLanguages: o.valueLanguages })
  if (!hyphenationLoaded(langs))
    loadHyphenation(langs).then(
      () => latest.get(canvas) === paint && paintDocument(canvas, t, o),
      () => undefined,
    )
  const size = sizeOrDefault(t, o.sizeId)
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1
  const width = Math.max(1, Math.round(size.width * o.scale * ratio))
  const height = Math.max(1, Math.round(size.height * o.scale * ratio))
  if (canvas.width !== width) canvas.width = width
  if (canvas.height !== height) canvas.height = height
  const ctx = canvas.getContext('2d')
  const truncated: string[] = []
  if (!ctx) return { truncated }
  const values = effectiveValues(t, o.values ?? t.samples[o.locale], o.locale)
  const labels = choiceLabels(t, values, o.locale)
  const images = o.images ?? new Map<string, ImageBitmap>()
  // Each whole photo fitted as the server fits the one it decodes at the pixels drawn, so it lands where the
  // server's render puts it.
  const imageSizes = images.size > 0 ? decodedImageSizes(t, size, values, images, o.scale * ratio) : undefined
  /**
   * Draws `layers` on `target`, on an opaque base as the server's outputs have (`over`: on what `target` holds),
   * noting the truncated texts.
   */
  const draw = (target: CanvasRenderingContext2D, layers: readonly Layer[], into: string[], over = false) => {
    target.setTransform(o.scale * ratio, 0, 0, o.scale * ratio, 0, 0)
    target.imageSmoothingQuality = 'high'
    target.fillStyle = '#ffffff'
    if (!over) target.fillRect(0, 0, size.width, size.height)
    const d: DrawContext<ImageBitmap> = {
      ctx: target,
      sizeId: size.id,
      width: size.width,
      height: size.height,
      locale: o.locale,
      values,
      labels,
      images,
      ...(imageSizes && { imageSizes }),
      ...(o.valueLanguages && { valueLanguages: o.valueLanguages }),
      onText: (layerId, drawn) => {
        if (drawn.truncated) into.push(layerId)
      },
    }
    for (const layer of layers) drawLayer(layer, d)
  }
  const lowest = o.moving ? t.layers.findIndex((l) => o.moving?.includes(l.id)) : -1
  if (lowest <= 0 || !hyphenationLoaded(langs)) {
    keptBelow.delete(canvas)
    draw(ctx, t.layers, truncated)
    return { truncated }
  }
  const below = t.layers.slice(0, lowest)
  const inputs = drawingInputs(t, o, width, height)
  let kept = keptBelow.get(canvas)
  if (!kept || !sameItems(kept.layers, below) || !sameItems(kept.inputs, inputs)) {
    const picture = kept?.picture ?? canvas.ownerDocument.createElement('canvas')
    picture.width = width
    picture.height = height
    const keptCtx = picture.getContext('2d')
    if (!keptCtx) {
      draw(ctx, t.layers, truncated)
      return { truncated }
    }
    kept = { inputs, layers: below, picture, truncated: [] }
    draw(keptCtx, below, kept.truncated)
    keptBelow.set(canvas, kept)
  }
  // The kept pixels copied one to one, then the rest drawn over them as the full paint would have.
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.drawImage(kept.picture, 0, 0)
  truncated.push(...kept.truncated)
  draw(ctx, t.layers.slice(lowest), truncated, true)
  return { truncated }
}
