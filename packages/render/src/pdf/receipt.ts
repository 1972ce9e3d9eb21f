import type { PdfPageContext } from './drawn'
import { drawPdf } from './drawn'

/**
 * A purchase's receipt with every word already written in the reader's language (the server words and formats
 * it): only the layout is drawn here, so a receipt can be drawn in a render thread from plain data.
 */
export interface ReceiptSheet {
  /** BCP 47: the PDF's language, and where lines may break. */
  language: string
  /** The heading, e.g. "Receipt". */
  title: string
  receiptNumber: string
  status: 'paid' | 'failed' | 'refunded'
  /** What the coloured badge says of the payment. */
  banner: string
  seller: ReceiptParty
  buyer: ReceiptParty
  /** Label and value pairs (number, date, payment method); the status's is drawn in its colour. */
  facts: { label: string; value: string; status?: boolean }[]
  /** The headings of the item's columns. */
  columns: { description: string; credits: string; amount: string }
  item: { description: string; credits: string; amount: string }
  /** The line of credits a refund took back, when it took any. */
  refunded?: { label: string; credits: string } | undefined
  total: { label: string; amount: string }
  currencyNote: string
  /** What happened, in words (thanks only for a paid receipt). */
  closing: string
  /** The foot of the page: where to ask, and which page this is. */
  questions: string
  page: string
  /** The PDF's author: the seller. */
  author: string
}

/** One side of the receipt: its heading, the party's name and its other lines. */
export interface ReceiptParty {
  label: string
  name: string
  lines: string[]
}

/** A4 in points, with 20 mm margins: what an accountant files. */
const PAGE = { width: 595.276, height: 841.89 }
const MARGIN = 56.69
const RIGHT = PAGE.width - MARGIN
const WIDTH = RIGHT - MARGIN

// Latin in Inter, Chinese in Noto Sans SC; a customer's or seller's name in another script falls back in turn.
const FAMILIES = [
  'Templet Inter',
  'Templet Noto Sans SC',
  'Templet Noto Sans JP',
  'Templet Noto Sans KR',
  'Templet Noto Sans Arabic',
  'Templet Noto Sans Hebrew',
  'Templet Noto Sans Thai',
  'Templet Noto Sans Devanagari',
]
const STACK = FAMILIES.map((f) => `"${f}"`).join(', ')
const font = (weight: 400 | 600 | 700, size: number) => `${weight} ${size}px ${STACK}`

const INK = '#111827'
const MUTED = '#4b5563'
const RULE = '#d1d5db'
const BRAND = '#4338ca'
const STATUS_COLOUR = { paid: '#047857', failed: '#b91c1c', refunded: '#92400e' } as const

/** Lines of `text` no wider than `max`: broken between words (ICU's, so Chinese breaks too), a word too long between characters. */
function wrap(ctx: PdfPageContext, text: string, max: number, language: string): string[] {
  const fits = (s: string) => ctx.measureText(s).width <= max
  const lines: string[] = []
  let line = ''
  const words = [...new Intl.Segmenter(language, { granularity: 'word' }).segment(text)].map((s) => s.segment)
  const pieces = words.flatMap((w) =>
    fits(w)
      ? [w]
      : [...new Intl.Segmenter(language, { granularity: 'grapheme' }).segment(w)].map((s) => s.segment),
  )
  for (const piece of pieces) {
    if (fits(line + piece) || line === '') line += piece
    else {
      lines.push(line.trimEnd())
      line = piece.trimStart()
    }
  }
  if (line.trim()) lines.push(line.trimEnd())
  return lines
}

/** Draws `s` at the baseline `y`, left, right or centre aligned on `x`, in `style`. */
function text(
  ctx: PdfPageContext,
  s: string,
  x: number,
  y: number,
  style: { font: string; colour?: string; align?: 'left' | 'right' | 'center' },
) {
  ctx.font = style.font
  ctx.fillStyle = style.colour ?? INK
  ctx.textAlign = style.align ?? 'left'
  ctx.fillText(s, x, y)
}

function rule(ctx: PdfPageContext, y: number, from = MARGIN, to = RIGHT, colour = RULE, width = 0.75) {
  ctx.strokeStyle = colour
  ctx.lineWidth = width
  ctx.beginPath()
  ctx.moveTo(from, y)
  ctx.lineTo(to, y)
  ctx.stroke()
}

/**
 * The receipt as an A4 PDF: the seller and the customer side by side, the receipt's facts, the item with its
 * credits and amount, the total, the payment's status in its colour, and where to ask. Text is real text in
 * embedded subset fonts, so it copies and searches.
 */
export function renderReceipt(r: ReceiptSheet): Promise<Buffer> {
  const statusColour = STATUS_COLOUR[r.status]
  const draw = (ctx: PdfPageContext) => {
    let y = MARGIN + 22
    // The header: who issues it on the left, what it is on the right.
    text(ctx, 'Templet', MARGIN, y, { font: font(700, 22), colour: BRAND })
    text(ctx, r.title, RIGHT, y, { font: font(700, 22), align: 'right' })
    y += 18
    text(ctx, r.receiptNumber, RIGHT, y, { font: font(400, 10.5), colour: MUTED, align: 'right' })
    y += 16
    rule(ctx, y, MARGIN, RIGHT, INK, 1.25)

    // The payment's status, in its colour, before anything else is read.
    y += 20
    ctx.font = font(700, 11)
    const badge = r.banner.toUpperCase()
    const badgeWidth = ctx.measureText(badge).width + 20
    ctx.strokeStyle = statusColour
    ctx.lineWidth = 1.25
    ctx.beginPath()
    ctx.roundRect(MARGIN, y, badgeWidth, 22, 4)
    ctx.stroke()
    text(ctx, badge, MARGIN + badgeWidth / 2, y + 15, {
      font: font(700, 11),
      colour: statusColour,
      align: 'center',
    })
    y += 46

    // Seller and customer side by side.
    const column = WIDTH / 2 - 12
    const partyTop = y
    const party = (x: number, p: ReceiptParty) => {
      let at = partyTop
      text(ctx, p.label.toUpperCase(), x, at, { font: font(600, 8.5), colour: MUTED })
      at += 16
      ctx.font = font(600, 11)
      for (const l of wrap(ctx, p.name, column, r.language)) {
        text(ctx, l, x, at, { font: font(600, 11) })
        at += 15
      }
      ctx.font = font(400, 10)
      for (const l of p.lines.flatMap((s) => wrap(ctx, s, column, r.language))) {
        text(ctx, l, x, at, { font: font(400, 10) })
        at += 14
      }
      return at
    }
    const sellerEnd = party(MARGIN, r.seller)
    const buyerEnd = party(MARGIN + WIDTH / 2 + 12, r.buyer)
    y = Math.max(sellerEnd, buyerEnd) + 18

    // The receipt's facts as label and value.
    for (const fact of r.facts) {
      text(ctx, fact.label, MARGIN, y, { font: font(400, 10), colour: MUTED })
      text(ctx, fact.value, MARGIN + 130, y, {
        font: font(600, 10),
        colour: fact.status ? statusColour : INK,
      })
      y += 17
    }
    y += 20

    // The item, its credits and its amount, in columns whose figures align on the right.
    const creditsRight = RIGHT - 130
    text(ctx, r.columns.description, MARGIN, y, { font: font(600, 9), colour: MUTED })
    text(ctx, r.columns.credits, creditsRight, y, { font: font(600, 9), colour: MUTED, align: 'right' })
    text(ctx, r.columns.amount, RIGHT, y, { font: font(600, 9), colour: MUTED, align: 'right' })
    y += 8
    rule(ctx, y, MARGIN, RIGHT, INK, 0.75)
    y += 20
    ctx.font = font(400, 11)
    const itemLines = wrap(ctx, r.item.description, creditsRight - MARGIN - 110, r.language)
    text(ctx, r.item.credits, creditsRight, y, { font: font(400, 11), align: 'right' })
    text(ctx, r.item.amount, RIGHT, y, { font: font(400, 11), align: 'right' })
    for (const l of itemLines) {
      text(ctx, l, MARGIN, y, { font: font(400, 11) })
      y += 15
    }
    if (r.refunded) {
      y += 2
      text(ctx, r.refunded.label, MARGIN, y, { font: font(400, 10), colour: MUTED })
      text(ctx, r.refunded.credits, creditsRight, y, { font: font(400, 10), colour: MUTED, align: 'right' })
      y += 15
    }
    y += 2
    rule(ctx, y)
    y += 22
    const totalLeft = creditsRight - 110
    text(ctx, r.total.label, creditsRight, y, { font: font(700, 11.5), align: 'right' })
    text(ctx, r.total.amount, RIGHT, y, { font: font(700, 11.5), align: 'right' })
    y += 10
    rule(ctx, y, totalLeft, RIGHT, INK, 1.25)
    y += 18
    text(ctx, r.currencyNote, RIGHT, y, { font: font(400, 9), colour: MUTED, align: 'right' })
    y += 36

    ctx.font = font(400, 10.5)
    for (const l of wrap(ctx, r.closing, WIDTH, r.language)) {
      text(ctx, l, MARGIN, y, { font: font(400, 10.5), colour: r.status === 'paid' ? INK : statusColour })
      y += 15
    }

    const foot = PAGE.height - MARGIN
    rule(ctx, foot - 26)
    text(ctx, r.questions, MARGIN, foot - 10, { font: font(400, 8.5), colour: MUTED })
    text(ctx, r.page, RIGHT, foot - 10, { font: font(400, 8.5), colour: MUTED, align: 'right' })
  }

  return drawPdf([draw], {
    ...PAGE,
    title: `${r.title} ${r.receiptNumber}`,
    author: r.author,
    language: r.language,
    families: FAMILIES,
  })
}
