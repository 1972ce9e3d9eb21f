import { type AccountLocale, type ReceiptData, receiptPdfName } from '@templet/api/contract'
import { drawPdf, type PdfPageContext } from '@templet/render'
import { attachment } from '../../services/download-names'
import { RECEIPT_WORDS } from './receipt-pdf-texts'

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

export interface ReceiptPdfOptions {
  language: AccountLocale
  /** The zone the date is written in (named beside it). */
  timeZone: string
  /** The credits of the receipt's offer, when the offer still exists (a failed payment granted none to read). */
  offerCredits: number | undefined
}

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

/** Draws `text` at the baseline `y`, left, right or centre aligned on `x`, in `style`; returns nothing. */
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
 * One purchase's receipt as an A4 PDF in the reader's language: the seller (name, address, tax number,
 * email, from the same configuration as the web receipt), the customer, receipt number and date, the item
 * with its credits and amount, the total, the payment's status (a failed payment says so and is never
 * thanked), and where to ask. Text is real text in embedded subset fonts, so it copies and searches.
 */
export function receiptPdf(r: ReceiptData, o: ReceiptPdfOptions): Promise<Buffer> {
  const w = RECEIPT_WORDS[o.language]
  const money = new Intl.NumberFormat(o.language, { style: 'currency', currency: r.currency })
  const count = new Intl.NumberFormat(o.language)
  const date = new Intl.DateTimeFormat(o.language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: o.timeZone,
    timeZoneName: 'short',
  }).format(new Date(r.date))
  const statusColour = STATUS_COLOUR[r.status]

  const draw = (ctx: PdfPageContext) => {
    let y = MARGIN + 22
    // The header: who issues it on the left, what it is on the right.
    text(ctx, 'Templet', MARGIN, y, { font: font(700, 22), colour: BRAND })
    text(ctx, w.title, RIGHT, y, { font: font(700, 22), align: 'right' })
    y += 18
    text(ctx, r.receiptNumber, RIGHT, y, { font: font(400, 10.5), colour: MUTED, align: 'right' })
    y += 16
    rule(ctx, y, MARGIN, RIGHT, INK, 1.25)

    // The payment's status, in its colour, before anything else is read.
    y += 20
    ctx.font = font(700, 11)
    const badge = w.banner[r.status].toUpperCase()
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
    const party = (x: number, label: string, name: string, lines: string[]) => {
      let at = partyTop
      text(ctx, label.toUpperCase(), x, at, { font: font(600, 8.5), colour: MUTED })
      at += 16
      ctx.font = font(600, 11)
      for (const l of wrap(ctx, name, column, o.language)) {
        text(ctx, l, x, at, { font: font(600, 11) })
        at += 15
      }
      ctx.font = font(400, 10)
      for (const l of lines.flatMap((s) => wrap(ctx, s, column, o.language))) {
        text(ctx, l, x, at, { font: font(400, 10) })
        at += 14
      }
      return at
    }
    const sellerEnd = party(MARGIN, w.soldBy, r.seller.legalName, [
      ...r.seller.address,
      w.taxId(r.seller.taxId),
      r.seller.email,
    ])
    const buyerEnd = party(MARGIN + WIDTH / 2 + 12, w.billedTo, r.customer.name, [r.customer.email])
    y = Math.max(sellerEnd, buyerEnd) + 18

    // The receipt's facts as label and value.
    const facts: [string, string, string?][] = [
      [w.number, r.receiptNumber],
      [w.date, date],
      ...(r.paymentMethod ? ([[w.paymentMethod, r.paymentMethod]] as [string, string][]) : []),
      [w.status, w.statuses[r.status], statusColour],
    ]
    for (const [label, value, colour] of facts) {
      text(ctx, label, MARGIN, y, { font: font(400, 10), colour: MUTED })
      text(ctx, value, MARGIN + 130, y, { font: font(600, 10), colour: colour ?? INK })
      y += 17
    }
    y += 20

    // The item, its credits and its amount, in columns whose figures align on the right.
    const creditsRight = RIGHT - 130
    text(ctx, w.description, MARGIN, y, { font: font(600, 9), colour: MUTED })
    text(ctx, w.credits, creditsRight, y, { font: font(600, 9), colour: MUTED, align: 'right' })
    text(ctx, w.amount, RIGHT, y, { font: font(600, 9), colour: MUTED, align: 'right' })
    y += 8
    rule(ctx, y, MARGIN, RIGHT, INK, 0.75)
    y += 20
    const item = w.item(r.kind, o.offerCredits === undefined ? undefined : count.format(o.offerCredits))
    ctx.font = font(400, 11)
    const itemLines = wrap(ctx, item, creditsRight - MARGIN - 110, o.language)
    text(ctx, count.format(r.credits), creditsRight, y, { font: font(400, 11), align: 'right' })
    text(ctx, money.format(r.amount), RIGHT, y, { font: font(400, 11), align: 'right' })
    for (const l of itemLines) {
      text(ctx, l, MARGIN, y, { font: font(400, 11) })
      y += 15
    }
    if (r.refundedCredits > 0) {
      y += 2
      text(ctx, w.refundedCredits, MARGIN, y, { font: font(400, 10), colour: MUTED })
      text(ctx, `−${count.format(r.refundedCredits)}`, creditsRight, y, {
        font: font(400, 10),
        colour: MUTED,
        align: 'right',
      })
      y += 15
    }
    y += 2
    rule(ctx, y)
    y += 22
    const totalLeft = creditsRight - 110
    const total = r.status === 'failed' ? 0 : r.amount
    text(ctx, w.total[r.status], creditsRight, y, { font: font(700, 11.5), align: 'right' })
    text(ctx, money.format(total), RIGHT, y, { font: font(700, 11.5), align: 'right' })
    y += 10
    rule(ctx, y, totalLeft, RIGHT, INK, 1.25)
    y += 18
    text(ctx, w.currencyNote(r.currency), RIGHT, y, { font: font(400, 9), colour: MUTED, align: 'right' })
    y += 36

    // What happened, in words: thanks only for a paid receipt.
    ctx.font = font(400, 10.5)
    for (const l of wrap(ctx, w.closing[r.status], WIDTH, o.language)) {
      text(ctx, l, MARGIN, y, { font: font(400, 10.5), colour: r.status === 'paid' ? INK : statusColour })
      y += 15
    }

    // The foot of the page: where to ask, and which receipt this page is.
    const foot = PAGE.height - MARGIN
    rule(ctx, foot - 26)
    text(ctx, w.questions(r.seller.email), MARGIN, foot - 10, { font: font(400, 8.5), colour: MUTED })
    text(ctx, w.page(r.receiptNumber), RIGHT, foot - 10, {
      font: font(400, 8.5),
      colour: MUTED,
      align: 'right',
    })
  }

  return drawPdf([draw], {
    ...PAGE,
    title: `${w.title} ${r.receiptNumber}`,
    author: r.seller.legalName,
    language: o.language,
    families: FAMILIES,
  })
}

/** The download's headers: its type and a name such as `templet-receipt-R-2026-000042.pdf`. */
export function receiptPdfHeaders(r: Pick<ReceiptData, 'receiptNumber'>) {
  return { 'Content-Disposition': attachment(receiptPdfName(r.receiptNumber)) }
}
