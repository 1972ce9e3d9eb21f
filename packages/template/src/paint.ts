import type { Canvas2D, CanvasGradientLike } from './canvas'
import type { Bound, Box, Color, Paint, Values } from './primitives'

/** A property that may be bound to a field: the literal, the choice's mapped value, or the field's value. */
export function resolveBound<T>(v: Bound<T>, values: Values, fallback: T): T {
  if (typeof v !== 'object' || v === null || !('field' in v)) return v as T
  const value = values[v.field]
  if (value === undefined) return fallback
  if (v.map) return v.map[value] ?? fallback
  return value as T
}

const withAlpha = (hex: string, alpha: number) => {
  const base = hex.slice(0, 7)
  const a = hex.length === 9 ? Number.parseInt(hex.slice(7), 16) / 255 : 1
  return `${base}${Math.round(a * alpha * 255)
    .toString(16)
    .padStart(2, '0')}`
}

export function resolveColor(c: Color, values: Values): string {
  const hex = resolveBound<string>(c, values, '#000000')
  const alpha = typeof c === 'object' && c.alpha !== undefined ? c.alpha : 1
  return alpha === 1 ? hex : withAlpha(hex, alpha)
}

/** A fill or stroke style for a box: a colour, or a gradient laid over the box. */
export function resolvePaint(ctx: Canvas2D, p: Paint, box: Box, values: Values): string | CanvasGradientLike {
  if (typeof p === 'string' || 'field' in p) return resolveColor(p, values)
  let g: CanvasGradientLike
  if (p.type === 'linear') {
    // CSS angles: 0deg points up, 90deg right; the line spans the box's projection on that direction.
    const rad = (p.angle * Math.PI) / 180
    const dx = Math.sin(rad)
    const dy = -Math.cos(rad)
    const half = (Math.abs(box.w * dx) + Math.abs(box.h * dy)) / 2
    const cx = box.x + box.w / 2
    const cy = box.y + box.h / 2
    g = ctx.createLinearGradient(cx - dx * half, cy - dy * half, cx + dx * half, cy + dy * half)
  } else {
    const cx = box.x + p.cx * box.w
    const cy = box.y + p.cy * box.h
    g = ctx.createRadialGradient(cx, cy, 0, cx, cy, p.r * Math.max(box.w, box.h))
  }
  for (const s of p.stops) g.addColorStop(s.offset, resolveColor(s.color, values))
  return g
}

/** The properties of a paint that may be bound to a colour field, named as a template issue names them. */
export function paintBindings(name: string, p: Paint | undefined): Array<[string, unknown]> {
  if (p && typeof p === 'object' && 'stops' in p)
    return p.stops.map((s, i) => [`${name}.stops[${i}].color`, s.color])
  return [[name, p]]
}
