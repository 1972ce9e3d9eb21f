import type { Canvas, SKRSContext2D } from '@napi-rs/canvas'
import { drawableText } from '../coverage'
import { isFocalPoint, parseImageValue } from '../model/image-value'
import type { Box, ImageLayer, Layer, Locale, ShapeLayer, TextLayer, Values } from '../model/schema'
import { fitScale } from './images'
import { resolveBound, resolveColor, resolvePaint } from './paint'
import { applyFont, layoutText, textDirection } from './text-layout'

export interface DrawContext {
  ctx: SKRSContext2D
  sizeId: string
  width: number
  height: number
  locale: Locale
  /** Every field's effective value (defaults filled in). */
  values: Values
  /** Decoded images by field key (see images.ts); a key without an image draws the layer's placeholder. */
  images: Map<string, Canvas>
}

/** The layer's box in the render's size (its per-size override, or the whole canvas when it has none). */
export const layerBox = (layer: Layer, d: Pick<DrawContext, 'sizeId' | 'width' | 'height'>): Box =>
  layer.bySize?.[d.sizeId]?.box ?? layer.box ?? { x: 0, y: 0, w: d.width, h: d.height }

/** Whether a layer shows for these values (its `when` condition). */
export function isVisible(layer: Layer, d: Pick<DrawContext, 'values' | 'images'>): boolean {
  const w = layer.when
  if (!w) return true
  if (w.present !== undefined && (d.images.has(w.field) || Boolean(d.values[w.field])) !== w.present)
    return false
  if (w.in && !w.in.includes(d.values[w.field] ?? '')) return false
  return true
}

export function drawLayer(layer: Layer, d: DrawContext) {
  if (!isVisible(layer, d)) return
  const { ctx } = d
  ctx.save()
  ctx.globalAlpha = layer.opacity ?? 1
  const box = layerBox(layer, d)
  if (layer.type === 'text') drawText(layer, box, d)
  else if (layer.type === 'image') drawImage(layer, box, d)
  else drawShape(layer, box, d)
  ctx.restore()
}

/** The text a text layer shows: its own text in the locale with `{{key}}` replaced by field values. */
export function layerText(layer: TextLayer, d: Pick<DrawContext, 'locale' | 'values'>): string {
  const raw = typeof layer.text === 'string' ? layer.text : layer.text[d.locale]
  const text = raw.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_, k: string) => d.values[k] ?? '')
  return layer.transform === 'uppercase' ? text.toLocaleUpperCase(d.locale) : text
}

/** The text style a text layer resolves to for these values and this size. */
export function textStyle(layer: TextLayer, d: Pick<DrawContext, 'values' | 'sizeId'>) {
  return {
    family: resolveBound(layer.font, d.values, 'sans'),
    weight: layer.weight,
    size: layer.bySize?.[d.sizeId]?.size ?? layer.size,
    lineHeight: layer.lineHeight,
    letterSpacing: layer.letterSpacing,
    wrap: layer.wrap,
    maxLines: layer.maxLines,
    minSize: layer.shrinkToFit?.minSize,
  }
}

function drawText(layer: TextLayer, box: Box, d: DrawContext) {
  const { ctx } = d
  const style = textStyle(layer, d)
  const text = drawableText(layerText(layer, d), style.family)
  if (!text.trim()) return
  const layout = layoutText(ctx, text, style, box)
  applyFont(ctx, style, layout.size)
  const direction = layer.direction === 'auto' ? textDirection(text) : layer.direction
  const align = layer.bySize?.[d.sizeId]?.align ?? resolveBound(layer.align, d.values, 'start')
  const side =
    align === 'center'
      ? 'center'
      : align === 'left' || align === 'right'
        ? align
        : (align === 'start') === (direction === 'ltr')
          ? 'left'
          : 'right'
  const x = side === 'left' ? box.x : side === 'right' ? box.x + box.w : box.x + box.w / 2
  const valign = resolveBound(layer.valign, d.values, 'top')
  const total = layout.lines.length * layout.lineHeightPx
  const top =
    valign === 'top' ? box.y : valign === 'bottom' ? box.y + box.h - total : box.y + (box.h - total) / 2
  // Half-leading as in CSS: the primary face's ascent + descent is centred in each line box.
  const m = ctx.measureText('Hg')
  const ascent = m.fontBoundingBoxAscent
  const descent = m.fontBoundingBoxDescent
  ctx.fillStyle = resolveColor(layer.color, d.values)
  ctx.textAlign = side
  ctx.textBaseline = 'alphabetic'
  layout.lines.forEach((line, i) => {
    // Each line is shaped whole, so Skia orders its mixed-direction runs; the paragraph sets the base.
    ctx.direction = layer.direction === 'auto' ? textDirection(line) : direction
    const baseline = top + i * layout.lineHeightPx + (layout.lineHeightPx - ascent - descent) / 2 + ascent
    ctx.fillText(line, x, baseline)
  })
}

function roundedPath(ctx: SKRSContext2D, box: Box, radius: number) {
  ctx.beginPath()
  if (radius > 0) ctx.roundRect(box.x, box.y, box.w, box.h, Math.min(radius, box.w / 2, box.h / 2))
  else ctx.rect(box.x, box.y, box.w, box.h)
}

function drawImage(layer: ImageLayer, box: Box, d: DrawContext) {
  const { ctx } = d
  const img = d.images.get(layer.field)
  roundedPath(ctx, box, layer.radius)
  ctx.clip()
  if (!img) return drawPlaceholder(layer, box, d)
  const fit = resolveBound(layer.fit, d.values, 'cover')
  const scale = fitScale(fit, box, img.width, img.height)
  const w = img.width * scale
  const h = img.height * scale
  if (fit === 'cover') {
    // Keep the focal point (the customer's, else the layer's) as near the box's centre as the image's edges allow.
    const chosen = parseImageValue(d.values[layer.field] ?? '').focus
    const focus = chosen && isFocalPoint(chosen) ? chosen : layer.focus
    const x = Math.min(0, Math.max(box.w - w, box.w / 2 - focus.x * w))
    const y = Math.min(0, Math.max(box.h - h, box.h / 2 - focus.y * h))
    ctx.drawImage(img, box.x + x, box.y + y, w, h)
  } else ctx.drawImage(img, box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h)
}

/** A missing image: the layer's placeholder fill with a quiet picture mark, so the layout still reads. */
function drawPlaceholder(layer: ImageLayer, box: Box, d: DrawContext) {
  const { ctx } = d
  ctx.fillStyle = resolvePaint(ctx, layer.placeholder, box, d.values)
  ctx.fillRect(box.x, box.y, box.w, box.h)
  const s = Math.min(box.w, box.h) * 0.16
  const cx = box.x + box.w / 2
  const cy = box.y + box.h / 2
  ctx.fillStyle = 'rgba(0,0,0,0.14)'
  ctx.beginPath()
  ctx.arc(cx + s * 0.45, cy - s * 0.4, s * 0.2, 0, Math.PI * 2)
  ctx.fill()
  ctx.beginPath()
  ctx.moveTo(cx - s, cy + s * 0.6)
  ctx.lineTo(cx - s * 0.3, cy - s * 0.2)
  ctx.lineTo(cx + s * 0.1, cy + s * 0.25)
  ctx.lineTo(cx + s * 0.45, cy)
  ctx.lineTo(cx + s, cy + s * 0.6)
  ctx.closePath()
  ctx.fill()
}

function drawShape(layer: ShapeLayer, box: Box, d: DrawContext) {
  const { ctx } = d
  ctx.beginPath()
  if (layer.shape === 'ellipse')
    ctx.ellipse(box.x + box.w / 2, box.y + box.h / 2, box.w / 2, box.h / 2, 0, 0, Math.PI * 2)
  else if (layer.shape === 'line') {
    // A line runs along the box's longer side, through its middle.
    if (box.w >= box.h) {
      ctx.moveTo(box.x, box.y + box.h / 2)
      ctx.lineTo(box.x + box.w, box.y + box.h / 2)
    } else {
      ctx.moveTo(box.x + box.w / 2, box.y)
      ctx.lineTo(box.x + box.w / 2, box.y + box.h)
    }
  } else roundedPath(ctx, box, layer.radius)
  if (layer.fill && layer.shape !== 'line') {
    ctx.fillStyle = resolvePaint(ctx, layer.fill, box, d.values)
    ctx.fill()
  }
  if (layer.stroke) {
    ctx.strokeStyle = resolveColor(layer.stroke.color, d.values)
    ctx.lineWidth = layer.stroke.width
    ctx.stroke()
  }
}
