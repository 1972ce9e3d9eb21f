/**
 * The model's Canvas2D on pdfkit, for the PDF benchmark: the same layout code draws a template on it, so
 * Skia's PDF backend and a kept pure-JavaScript PDF library can be compared on one layout. Text is measured
 * by Skia (the layout is identical) and drawn by pdfkit, which shapes with fontkit; font fallback splits a
 * line into runs by the first face of the stack that has each character, and a right-to-left line lays its
 * runs right to left. Images and the placeholder's arc are not needed by the benchmark's template.
 */
import { createCanvas } from '@napi-rs/canvas'
import type { Canvas2D, CanvasGradientLike, Drawable, TextMetricsLike } from '@templet/template'
import * as fontkit from 'fontkit'
import PDFDocument from 'pdfkit'
import { FAMILIES, facesOf } from '../src/fonts'

type Paint = string | PDFKit.PDFGradient
interface State {
  fillStyle: unknown
  strokeStyle: unknown
  lineWidth: number
  globalAlpha: number
  font: string
  letterSpacing: string
  direction: string
  textAlign: string
  textBaseline: string
}

const faces = new Map<string, fontkit.Font>()
const faceOf = (family: string, weight: number) => {
  const candidates = FAMILIES.includes(family) ? facesOf(family).filter((f) => !f.italic) : []
  if (!candidates.length) return undefined
  const face = candidates.reduce((a, b) =>
    Math.abs(b.weight - weight) < Math.abs(a.weight - weight) ? b : a,
  )
  let font = faces.get(face.file)
  if (!font) {
    font = fontkit.openSync(face.file) as fontkit.Font
    faces.set(face.file, font)
  }
  return { key: face.file, font }
}

/** '#rrggbbaa', '#rrggbb' or 'rgba(r,g,b,a)' as pdfkit's colour and opacity. */
function color(css: string): [string, number] {
  const rgba = /^rgba?\(([^)]+)\)$/.exec(css)
  if (rgba) {
    const [r, g, b, a] = (rgba[1] as string).split(',').map((x) => Number(x.trim()))
    const hex = [r, g, b]
      .map((v) =>
        Math.round(v ?? 0)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
    return [`#${hex}`, a ?? 1]
  }
  if (css.length === 9) return [css.slice(0, 7), Number.parseInt(css.slice(7), 16) / 255]
  return [css, 1]
}

const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}]/u

export class PdfkitCanvas implements Canvas2D {
  readonly doc: PDFKit.PDFDocument
  #state: State = {
    fillStyle: '#000000',
    strokeStyle: '#000000',
    lineWidth: 1,
    globalAlpha: 1,
    font: '10px sans-serif',
    letterSpacing: '0px',
    direction: 'ltr',
    textAlign: 'left',
    textBaseline: 'alphabetic',
  }
  #stack: State[] = []
  #path: Array<() => void> = []
  // Skia measures, so line breaks and shrink-to-fit come out as on every other surface.
  readonly #measure = createCanvas(1, 1).getContext('2d')

  constructor(width: number, height: number, info: { Title?: string } = {}) {
    this.doc = new PDFDocument({ size: [width, height], margin: 0, info, compress: true })
  }

  addPage(width: number, height: number) {
    this.doc.addPage({ size: [width, height], margin: 0 })
  }

  end(): Promise<Buffer> {
    const chunks: Buffer[] = []
    this.doc.on('data', (c: Buffer) => chunks.push(c))
    const done = new Promise<Buffer>((resolve) => this.doc.on('end', () => resolve(Buffer.concat(chunks))))
    this.doc.end()
    return done
  }

  get fillStyle() {
    return this.#state.fillStyle
  }
  set fillStyle(v) {
    this.#state.fillStyle = v
  }
  get strokeStyle() {
    return this.#state.strokeStyle
  }
  set strokeStyle(v) {
    this.#state.strokeStyle = v
  }
  get lineWidth() {
    return this.#state.lineWidth
  }
  set lineWidth(v) {
    this.#state.lineWidth = v
  }
  get globalAlpha() {
    return this.#state.globalAlpha
  }
  set globalAlpha(v) {
    this.#state.globalAlpha = v
  }
  get font() {
    return this.#state.font
  }
  set font(v) {
    this.#state.font = v
    this.#measure.font = v
  }
  get letterSpacing() {
    return this.#state.letterSpacing
  }
  set letterSpacing(v) {
    this.#state.letterSpacing = v
    this.#measure.letterSpacing = v
  }
  get direction() {
    return this.#state.direction
  }
  set direction(v) {
    this.#state.direction = v
    this.#measure.direction = v as CanvasDirection
  }
  get textAlign() {
    return this.#state.textAlign
  }
  set textAlign(v) {
    this.#state.textAlign = v
  }
  get textBaseline() {
    return this.#state.textBaseline
  }
  set textBaseline(v) {
    this.#state.textBaseline = v
  }

  // pdfkit draws no blurred shadows; the benchmark's template has none.
  shadowColor = 'rgba(0,0,0,0)'
  shadowBlur = 0
  shadowOffsetX = 0
  shadowOffsetY = 0

  translate(x: number, y: number) {
    this.doc.translate(x, y)
  }
  rotate(radians: number) {
    this.doc.rotate((radians * 180) / Math.PI, { origin: [0, 0] })
  }

  save() {
    this.#stack.push({ ...this.#state })
    this.doc.save()
  }
  restore() {
    const s = this.#stack.pop()
    if (s) this.#state = s
    this.#measure.font = this.#state.font
    this.#measure.letterSpacing = this.#state.letterSpacing
    this.doc.restore()
  }
  scale(x: number, y: number) {
    this.doc.scale(x, y)
  }

  measureText(text: string): TextMetricsLike {
    return this.#measure.measureText(text)
  }

  // The bench card has no outlined text: the peer need not draw one.
  lineJoin = 'miter'
  strokeText(_text: string, _x: number, _y: number) {}

  fillText(text: string, x: number, y: number) {
    const m = /(\d+)\s+([\d.]+)px\s+(.*)$/.exec(this.#state.font)
    if (!m) return
    const weight = Number(m[1])
    const size = Number(m[2])
    const families = (m[3] as string).split(',').map((f) => f.trim().replace(/^['"]|['"]$/g, ''))
    const spacing = Number.parseFloat(this.#state.letterSpacing) || 0
    // Runs of characters by the first face of the stack that has them.
    const runs: Array<{ text: string; key: string }> = []
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0
      const face =
        families.map((f) => faceOf(f, weight)).find((f) => f?.font.hasGlyphForCodePoint(cp)) ??
        faceOf(families[0] as string, weight)
      if (!face) continue
      const last = runs.at(-1)
      if (last && last.key === face.key) last.text += ch
      else runs.push({ text: ch, key: face.key })
    }
    const rtl = this.#state.direction === 'rtl' || RTL.test(text)
    const ordered = rtl ? [...runs].reverse() : runs
    const widths = ordered.map((r) => {
      this.doc.font(r.key).fontSize(size)
      return this.doc.widthOfString(r.text, { characterSpacing: spacing })
    })
    const total = widths.reduce((a, b) => a + b, 0)
    let left =
      this.#state.textAlign === 'center' ? x - total / 2 : this.#state.textAlign === 'right' ? x - total : x
    const [fill, alpha] = color(String(this.#state.fillStyle))
    ordered.forEach((r, i) => {
      this.doc
        .font(r.key)
        .fontSize(size)
        .fillColor(fill, alpha * this.#state.globalAlpha)
        .text(r.text, left, y, { lineBreak: false, baseline: 'alphabetic', characterSpacing: spacing })
      left += widths[i] ?? 0
    })
  }

  beginPath() {
    this.#path = []
  }
  closePath() {
    this.#path.push(() => this.doc.closePath())
  }
  rect(x: number, y: number, w: number, h: number) {
    this.#path.push(() => this.doc.rect(x, y, w, h))
  }
  roundRect(x: number, y: number, w: number, h: number, r: number) {
    this.#path.push(() => this.doc.roundedRect(x, y, w, h, r))
  }
  ellipse(x: number, y: number, rx: number, ry: number) {
    this.#path.push(() => this.doc.ellipse(x, y, rx, ry))
  }
  arc(x: number, y: number, r: number) {
    this.#path.push(() => this.doc.circle(x, y, r))
  }
  moveTo(x: number, y: number) {
    this.#path.push(() => this.doc.moveTo(x, y))
  }
  lineTo(x: number, y: number) {
    this.#path.push(() => this.doc.lineTo(x, y))
  }
  #replay() {
    for (const op of this.#path) op()
  }
  clip() {
    this.#replay()
    this.doc.clip()
  }
  #paint(style: unknown): [Paint, number] {
    if (typeof style === 'string') {
      const [c, a] = color(style)
      return [c, a * this.#state.globalAlpha]
    }
    return [style as PDFKit.PDFGradient, this.#state.globalAlpha]
  }
  fill() {
    this.#replay()
    const [paint, alpha] = this.#paint(this.#state.fillStyle)
    this.doc.fillOpacity(alpha).fill(paint as string)
  }
  stroke() {
    this.#replay()
    const [paint, alpha] = this.#paint(this.#state.strokeStyle)
    this.doc
      .lineWidth(this.#state.lineWidth)
      .strokeOpacity(alpha)
      .stroke(paint as string)
  }
  fillRect(x: number, y: number, w: number, h: number) {
    const [paint, alpha] = this.#paint(this.#state.fillStyle)
    this.doc
      .rect(x, y, w, h)
      .fillOpacity(alpha)
      .fill(paint as string)
  }
  strokeRect(x: number, y: number, w: number, h: number) {
    const [paint, alpha] = this.#paint(this.#state.strokeStyle)
    this.doc
      .rect(x, y, w, h)
      .lineWidth(this.#state.lineWidth)
      .strokeOpacity(alpha)
      .stroke(paint as string)
  }
  drawImage(_image: Drawable) {
    throw new Error('the pdfkit benchmark surface draws no images')
  }
  createLinearGradient(x0: number, y0: number, x1: number, y1: number): CanvasGradientLike {
    return this.#gradient(this.doc.linearGradient(x0, y0, x1, y1))
  }
  createRadialGradient(
    x0: number,
    y0: number,
    r0: number,
    x1: number,
    y1: number,
    r1: number,
  ): CanvasGradientLike {
    return this.#gradient(this.doc.radialGradient(x0, y0, r0, x1, y1, r1))
  }
  #gradient(g: PDFKit.PDFGradient) {
    return Object.assign(g, {
      addColorStop: (offset: number, css: string) => {
        const [c, a] = color(css)
        g.stop(offset, c, a)
      },
    })
  }
}
