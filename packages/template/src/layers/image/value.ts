/**
 * An image field's value: the image's reference (for the server, an upload id), optionally followed by the
 * point of the image the customer wants kept in view when the layer crops it: `17@0.25,0.6` (fractions of the
 * width and height, 0.5,0.5 being the centre). Without a point, the layer's own `focus` applies.
 *
 * Kept free of any dependency so that a screen can import it without zod (`@templet/template/image-value`).
 */
export interface FocalPoint {
  x: number
  y: number
}

export interface ImageValue {
  ref: string
  /** Undefined when the value names no point; out-of-range points are kept, for validation to name. */
  focus?: FocalPoint
}

const WITH_FOCUS = /^(.+)@(\d+(?:\.\d+)?),(\d+(?:\.\d+)?)$/

export function parseImageValue(value: string): ImageValue {
  const m = WITH_FOCUS.exec(value)
  if (!m) return { ref: value }
  return { ref: m[1] as string, focus: { x: Number(m[2]), y: Number(m[3]) } }
}

export const isFocalPoint = (p: FocalPoint) => p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1

/** The value for `ref` with `focus` (rounded to 0.1 %, clamped into the image); the bare ref without one. */
export function formatImageValue(ref: string, focus?: FocalPoint): string {
  if (!focus) return ref
  const part = (n: number) => String(Math.round(Math.min(1, Math.max(0, n)) * 1000) / 1000)
  return `${ref}@${part(focus.x)},${part(focus.y)}`
}
