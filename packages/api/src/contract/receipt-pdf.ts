import { z } from 'zod'
import { receiptQuery } from './billing'
import { accountLocale } from './user'

/** A time zone the receipt's date is written in, as the browser names it (`Europe/Berlin`). */
const timeZone = z
  .string()
  .max(64, { error: 'timeZone is too long' })
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone })
        return true
      } catch {
        return false
      }
    },
    { error: 'timeZone must be an IANA time zone such as Europe/Berlin' },
  )

/**
 * `GET /purchase/receipt-pdf`: one of the caller's receipts as a PDF, written in `lang` (default: the account's
 * language) with its date in `timeZone` (default: UTC); the zone is named beside the time.
 */
export const receiptPdfQuery = receiptQuery.extend({
  lang: accountLocale.optional(),
  timeZone: timeZone.optional(),
})
export type ReceiptPdfQuery = z.input<typeof receiptPdfQuery>

/** The success answer is the PDF's bytes (`application/pdf`, a `Content-Disposition` naming the file), not the envelope. */
export const receiptPdfData = z.custom<Blob>((v) => typeof Blob !== 'undefined' && v instanceof Blob)
