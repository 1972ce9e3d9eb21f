/**
 * Ellipses, circles and rounded corners as cubic Béziers on a PDF page. Skia writes a canvas ellipse to PDF
 * as dozens of short curves (measured: 64 per ellipse, 5 kB of a certificate page's 6 kB); four cubics
 * with the usual constant are within 0.03 % of the radius, which no print shows, and PDF draws them natively.
 */
const KAPPA = 0.5522847498

interface PathContext {
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
  bezierCurveTo(c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number): void
  closePath(): void
  ellipse(
    x: number,
    y: number,
    rx: number,
    ry: number,
    rotation: number,
    start: number,
    end: number,
    counterclockwise?: boolean,
  ): void
  arc(x: number, y: number, r: number, start: number, end: number, counterclockwise?: boolean): void
  roundRect(x: number, y: number, w: number, h: number, radii?: number | number[]): void
}

const FULL_TURN = Math.PI * 2

function ellipseCurves(ctx: PathContext, x: number, y: number, rx: number, ry: number) {
  const kx = rx * KAPPA
  const ky = ry * KAPPA
  ctx.moveTo(x + rx, y)
  ctx.bezierCurveTo(x + rx, y + ky, x + kx, y + ry, x, y + ry)
  ctx.bezierCurveTo(x - kx, y + ry, x - rx, y + ky, x - rx, y)
  ctx.bezierCurveTo(x - rx, y - ky, x - kx, y - ry, x, y - ry)
  ctx.bezierCurveTo(x + kx, y - ry, x + rx, y - ky, x + rx, y)
  ctx.closePath()
}

/** Makes `ctx` draw whole ellipses and circles, and rounded rectangles, with cubic Béziers. */
export function withCubicCurves(ctx: PathContext) {
  const { ellipse, arc, roundRect } = ctx
  ctx.ellipse = (x, y, rx, ry, rotation, start, end, ccw) => {
    if (rotation === 0 && start === 0 && end === FULL_TURN) ellipseCurves(ctx, x, y, rx, ry)
    else ellipse.call(ctx, x, y, rx, ry, rotation, start, end, ccw)
  }
  ctx.arc = (x, y, r, start, end, ccw) => {
    if (start === 0 && end === FULL_TURN) ellipseCurves(ctx, x, y, r, r)
    else arc.call(ctx, x, y, r, start, end, ccw)
  }
  ctx.roundRect = (x, y, w, h, radii) => {
    if (typeof radii !== 'number' || w < 0 || h < 0) return roundRect.call(ctx, x, y, w, h, radii)
    const r = Math.min(radii, w / 2, h / 2)
    const k = r * (1 - KAPPA)
    ctx.moveTo(x + r, y)
    ctx.lineTo(x + w - r, y)
    ctx.bezierCurveTo(x + w - k, y, x + w, y + k, x + w, y + r)
    ctx.lineTo(x + w, y + h - r)
    ctx.bezierCurveTo(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h)
    ctx.lineTo(x + r, y + h)
    ctx.bezierCurveTo(x + k, y + h, x, y + h - k, x, y + h - r)
    ctx.lineTo(x, y + r)
    ctx.bezierCurveTo(x, y + k, x + k, y, x + r, y)
    ctx.closePath()
  }
}
