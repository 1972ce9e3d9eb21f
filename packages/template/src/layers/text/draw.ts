import type { Drawable } from '../../canvas'
import { resolveBound, resolveColor } from '../../paint'
import type { Box } from '../../primitives'
import type { DrawContext } from '../context'
import { applyFont, layoutText, type TextStyle, textDirection } from './layout'
import type { TextLayer } from './schema'

/** The text a text layer shows: its own text in the locale with `{{key}}` replaced by field values. */
export function layerText(layer: TextLayer, d: Pick<DrawContext, 'locale' | 'values'>): string {
  const raw = typeof layer.text === 'string' ? layer.text : layer.text[d.locale]
  const text = raw.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_, k: string) => d.values[k] ?? '')
  return layer.transform === 'uppercase' ? text.toLocaleUpperCase(d.locale) : text
}

/** The text style a text layer resolves to for these values and this size. */
export function textStyle(layer: TextLayer, d: Pick<DrawContext, 'values' | 'sizeId'>): TextStyle {
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

export function drawText<Image extends Drawable>(layer: TextLayer, box: Box, d: DrawContext<Image>) {
  const { ctx } = d
  const style = textStyle(layer, d)
  const shown = layerText(layer, d)
  const text = d.drawableText ? d.drawableText(shown, style.family) : shown
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
    // Each line is shaped whole, so the shaper orders its mixed-direction runs; the paragraph sets the base.
    ctx.direction = layer.direction === 'auto' ? textDirection(line) : direction
    const baseline = top + i * layout.lineHeightPx + (layout.lineHeightPx - ascent - descent) / 2 + ascent
    ctx.fillText(line, x, baseline)
  })
}

/** The properties of a text layer that may be bound to a field, with the kind of field they take. */
export const textBindings = (layer: TextLayer): Array<[string, unknown, 'color' | 'choice']> => [
  ['color', layer.color, 'color'],
  ['font', layer.font, 'choice'],
  ['align', layer.align, 'choice'],
  ['valign', layer.valign, 'choice'],
]
