/**
 * The part of the Canvas 2D API the model draws with. A browser's `CanvasRenderingContext2D` and Skia's
 * context on the server (`@napi-rs/canvas`) both satisfy it, so one layout and drawing code serves the
 * designer's canvas, the editor's preview and the bought render.
 */
export interface CanvasGradientLike {
  addColorStop(offset: number, color: string): void
}

export interface TextMetricsLike {
  readonly width: number
  readonly fontBoundingBoxAscent: number
  readonly fontBoundingBoxDescent: number
  /** How far the drawn letters reach above and below the baseline (their ink, not the font's box). */
  readonly actualBoundingBoxAscent: number
  readonly actualBoundingBoxDescent: number
}

/** Anything with pixels to draw: a decoded image, another canvas, a bitmap. */
export interface Drawable {
  readonly width: number
  readonly height: number
}

export interface Canvas2D<Image extends Drawable = Drawable> {
  save(): void
  restore(): void
  globalAlpha: number
  translate(x: number, y: number): void
  rotate(radians: number): void
  shadowColor: string
  shadowBlur: number
  shadowOffsetX: number
  shadowOffsetY: number
  font: string
  letterSpacing: string
  /** Space added to each word space (a justified line); Safari's canvas lacks it. */
  wordSpacing?: string
  /** Skia's and the CSS name; a browser's canvas lacks it and loads such faces with `lnum` instead. */
  fontVariantNumeric?: string
  /** Skia's and the CSS name, as `fontVariantNumeric`: a browser's canvas loads faces with `"liga" 0` instead. */
  fontVariantLigatures?: string
  /**
   * `small-caps` draws lower-case letters as the face's small capitals, or as capitals at 0.7 of the size where it
   * has none; Chromium's canvas and Skia's make them alike. Safari's canvas lacks it.
   */
  fontVariantCaps?: string
  direction: string
  textAlign: string
  textBaseline: string
  // Written with a colour or a gradient the same context made; never read back by the model.
  fillStyle: unknown
  strokeStyle: unknown
  lineWidth: number
  lineJoin: string
  measureText(text: string): TextMetricsLike
  fillText(text: string, x: number, y: number): void
  strokeText(text: string, x: number, y: number): void
  beginPath(): void
  closePath(): void
  rect(x: number, y: number, w: number, h: number): void
  roundRect(x: number, y: number, w: number, h: number, radius: number): void
  ellipse(
    x: number,
    y: number,
    radiusX: number,
    radiusY: number,
    rotation: number,
    startAngle: number,
    endAngle: number,
  ): void
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number): void
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
  clip(): void
  fill(): void
  stroke(): void
  fillRect(x: number, y: number, w: number, h: number): void
  strokeRect(x: number, y: number, w: number, h: number): void
  drawImage(image: Image, x: number, y: number, w: number, h: number): void
  /** CSS filters applied to what is drawn next (an image's adjustments); `none` when unset. */
  filter?: string
  /** The current transform; its scale sizes what a filter measures in px (a blur). */
  getTransform?(): { a: number; b: number }
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): CanvasGradientLike
  createRadialGradient(
    x0: number,
    y0: number,
    r0: number,
    x1: number,
    y1: number,
    r1: number,
  ): CanvasGradientLike
}
