import { useMutation } from '@tanstack/react-query'
import { receiptPdfName } from '@templet/api'
import { Button } from '@templet/ui/button'
import { FileDown } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiFailureError, api, unwrap } from '../api/client'
import { saveFile } from '../components/save-file'
import { currentLanguage } from '../i18n'

/** The reader's time zone as the browser names it, so the PDF's date is the one the page shows. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/**
 * "Download PDF" on a receipt: the server draws the receipt in the page's language and the browser saves it
 * as `templet-receipt-<number>.pdf`. A failure is said beside the button, where the customer is looking.
 */
export function ReceiptPdfButton({
  purchaseId,
  receiptNumber,
}: {
  purchaseId: number
  receiptNumber: string
}) {
  const { t } = useTranslation()
  const problemId = useId()
  const problem = (error: Error) => {
    if (!(error instanceof ApiFailureError) || error.code !== 429) return t('receipt.pdfFailed')
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60))
    return t('receipt.pdfTooMany', { count: minutes })
  }
  const download = useMutation({
    mutationKey: ['purchaseReceiptPdf', purchaseId],
    mutationFn: async () =>
      unwrap(
        await api.call('purchaseReceiptPdf', {
          query: { id: purchaseId, lang: currentLanguage(), timeZone: browserTimeZone() },
        }),
      ).data,
    onSuccess: (pdf) => saveFile(pdf, receiptPdfName(receiptNumber)),
  })
  // A fragment: the button sits with the page's other actions, the problem on a line of its own below them.
  return (
    <>
      <Button
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-describedby={download.isError ? problemId : undefined}
      >
        <FileDown aria-hidden="true" />
        {download.isPending ? t('receipt.pdfPreparing') : t('receipt.downloadPdf')}
      </Button>
      {download.isError ? (
        <p id={problemId} role="alert" className="w-full text-end text-sm text-destructive">
          {problem(download.error)}
        </p>
      ) : null}
    </>
  )
}
