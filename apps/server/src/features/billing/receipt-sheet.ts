import { type AccountLocale, type ReceiptData, receiptPdfName } from '@templet/api/contract'
import type { ReceiptSheet } from '@templet/render'
import { attachment } from '../../services/download-names'
import { RECEIPT_WORDS } from './receipt-pdf-texts'

export interface ReceiptPdfOptions {
  language: AccountLocale
  /** The zone the date is written in (named beside it). */
  timeZone: string
  /** The credits of the receipt's offer, when the offer still exists (a failed payment granted none to read). */
  offerCredits: number | undefined
}

/**
 * One purchase's receipt written out in the reader's language, for the renderer to lay out as an A4 PDF (in a
 * render thread): the seller (name, address, tax number, email, from the same configuration as the web receipt),
 * the customer (with the postal address it was billed to), receipt number and date, the item with its credits and amount, the total, the payment's status
 * (a failed payment says so and is never thanked), and where to ask.
 */
export function receiptSheet(r: ReceiptData, o: ReceiptPdfOptions): ReceiptSheet {
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
  return {
    language: o.language,
    title: w.title,
    receiptNumber: r.receiptNumber,
    status: r.status,
    banner: w.banner[r.status],
    seller: {
      label: w.soldBy,
      name: r.seller.legalName,
      lines: [...r.seller.address, w.taxId(r.seller.taxId), r.seller.email],
    },
    buyer: {
      label: w.billedTo,
      name: r.customer.name,
      lines: [...r.customer.address, r.customer.email].filter(Boolean),
    },
    facts: [
      { label: w.number, value: r.receiptNumber },
      { label: w.date, value: date },
      ...(r.paymentMethod ? [{ label: w.paymentMethod, value: r.paymentMethod }] : []),
      { label: w.status, value: w.statuses[r.status], status: true },
    ],
    columns: { description: w.description, credits: w.credits, amount: w.amount },
    item: {
      description: w.item(r.kind, o.offerCredits === undefined ? undefined : count.format(o.offerCredits)),
      credits: count.format(r.credits),
      amount: money.format(r.amount),
    },
    refunded:
      r.refundedCredits > 0
        ? { label: w.refundedCredits, credits: `−${count.format(r.refundedCredits)}` }
        : undefined,
    // A failed payment charged nothing.
    total: { label: w.total[r.status], amount: money.format(r.status === 'failed' ? 0 : r.amount) },
    currencyNote: w.currencyNote(r.currency),
    closing: w.closing[r.status],
    questions: w.questions(r.seller.email),
    page: w.page(r.receiptNumber),
    author: r.seller.legalName,
  }
}

/** The download's headers: its type and a name such as `templet-receipt-R-2026-000042.pdf`. */
export function receiptPdfHeaders(r: Pick<ReceiptData, 'receiptNumber'>) {
  return { 'Content-Disposition': attachment(receiptPdfName(r.receiptNumber)) }
}
