import {
  choiceLabels,
  type DrawContext,
  drawLayer,
  effectiveValues,
  hyphenationLanguages,
  hyphenationLoaded,
  type Locale,
  loadHyphenation,
  sizeOrDefault,
  type Template,
  type Values,
} from '@templet/template'

/** Each canvas's latest paint: a paint waiting for hyphenation patterns repaints only if no other came after it. */
const latest = new WeakMap<HTMLCanvasElement, object>()

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
  o: {
    sizeId: string
    locale: Locale
    values?: Values
    /** The language of single values by field key (BCP 47), for the forms of their Han characters. */
    valueLanguages?: Readonly<Record<string, string>>
    scale: number
    images?: Map<string, ImageBitmap>
  },
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
  ctx.setTransform(o.scale * ratio, 0, 0, o.scale * ratio, 0, 0)
  ctx.imageSmoothingQuality = 'high'
  // An opaque base, as the server's outputs have.
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, size.width, size.height)
  const values = effectiveValues(t, o.values ?? t.samples[o.locale], o.locale)
  const d: DrawContext<ImageBitmap> = {
    ctx,
    sizeId: size.id,
    width: size.width,
    height: size.height,
    locale: o.locale,
    values,
    labels: choiceLabels(t, values, o.locale),
    images: o.images ?? new Map<string, ImageBitmap>(),
    ...(o.valueLanguages && { valueLanguages: o.valueLanguages }),
    onText: (layerId, drawn) => {
      if (drawn.truncated) truncated.push(layerId)
    },
  }
  for (const layer of t.layers) drawLayer(layer, d)
  return { truncated }
}
