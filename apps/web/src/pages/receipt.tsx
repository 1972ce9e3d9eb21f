import { useQuery } from '@tanstack/react-query'
import { Button } from '@templet/ui/button'
import { Skeleton } from '@templet/ui/skeleton'
import { ArrowLeft, Printer } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { offerListQuery, purchaseReceiptQuery } from '../api/queries'
import { formatPrice, offerLabel } from '../checkout/offers'
import { ReceiptPdfButton } from '../checkout/receipt-pdf-button'
import { SellerDetails } from '../checkout/seller'
import { EmptyState } from '../components/empty-state'
import { LoadError } from '../components/load-error'
import { Logo } from '../components/logo'
import { currentLanguage } from '../i18n'
import { formatDate, formatNumber } from '../i18n/format'
import './receipt.css'

/**
 * `/purchase-history/:id`: the receipt of one purchase, made to be printed (receipt.css leaves the app's
 * frame out of the print): receipt number, date, customer, offer, amount, currency, status, credits; and the
 * same receipt as a PDF to download.
 */
export function ReceiptPage() {
  const { t } = useTranslation()
  const language = currentLanguage()
  const params = useParams<'id'>()
  const id = Number(params.id)
  const valid = Number.isSafeInteger(id) && id > 0
  const receipt = useQuery({ ...purchaseReceiptQuery(id), enabled: valid })
  const offers = useQuery(offerListQuery())

  const back = (
    <Link
      to="/purchase-history"
      className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('receipt.back')}
    </Link>
  )

  if (!valid || receipt.data === null) {
    return (
      <>
        <title>{`${t('receipt.title')} · Templet`}</title>
        <h1 className="sr-only">{t('receipt.title')}</h1>
        <div className="mb-4">{back}</div>
        <EmptyState icon={<Printer className="size-6" />} title={t('receipt.title')}>
          {t('receipt.notFound')}
        </EmptyState>
      </>
    )
  }

  const data = receipt.data
  const rows: [string, React.ReactNode][] = data
    ? [
        [t('receipt.number'), data.receiptNumber],
        [
          t('receipt.date'),
          <time key="date" dateTime={data.date}>
            {formatDate(new Date(data.date), 'moment', language)}
          </time>,
        ],
        [
          t('receipt.billedTo'),
          <span key="customer" className="break-words" data-testid="receipt-customer">
            {data.customer.name}
            {/* The address the purchase was billed to when it was made (a team's, ADR 0210). */}
            {data.customer.address.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            {data.customer.email ? (
              <span className="block text-muted-foreground print:text-black">{data.customer.email}</span>
            ) : null}
          </span>,
        ],
        [t('receipt.offer'), offerLabel(t, language, offers.data, data)],
        [t('receipt.amount'), formatPrice(data.amount, language, data.currency)],
        [t('receipt.currency'), data.currency],
        [t('receipt.status'), t(`purchaseHistory.statuses.${data.status}`)],
        [t('receipt.credits'), formatNumber(data.credits, language)],
        ...(data.refundedCredits > 0
          ? ([[t('receipt.refunded'), formatNumber(data.refundedCredits, language)]] as [string, string][])
          : []),
        ...(data.paymentMethod
          ? ([[t('receipt.paymentMethod'), data.paymentMethod]] as [string, string][])
          : []),
      ]
    : []

  return (
    <>
      <title>{`${t('receipt.title')} ${data?.receiptNumber ?? ''} · Templet`}</title>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3 print:hidden">
        <div className="flex min-h-9 items-center">{back}</div>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Button variant="outline" onClick={() => window.print()} disabled={!data}>
            <Printer aria-hidden="true" />
            {t('receipt.print')}
          </Button>
          {data ? <ReceiptPdfButton purchaseId={data.purchaseId} receiptNumber={data.receiptNumber} /> : null}
        </div>
      </div>
      {receipt.isError ? (
        <LoadError onRetry={() => void receipt.refetch()} />
      ) : (
        <article
          data-receipt
          aria-busy={!data}
          aria-labelledby="receipt-heading"
          className="max-w-2xl rounded-xl border border-border p-6 sm:p-8"
        >
          <header className="flex flex-wrap items-start justify-between gap-4 border-b border-border pb-5">
            <Logo />
            <div className="text-end">
              <h1 id="receipt-heading" className="text-2xl font-semibold tracking-tight">
                {t('receipt.title')}
              </h1>
              {data ? (
                <p className="text-sm text-muted-foreground print:text-black">{data.receiptNumber}</p>
              ) : null}
            </div>
          </header>
          {data ? (
            <div className="mt-5 flex flex-col gap-4 sm:flex-row sm:justify-between">
              <SellerDetails seller={data.seller} heading={t('receipt.soldBy')} />
              {data.status !== 'paid' ? (
                <p
                  data-testid="receipt-status"
                  className="self-start rounded-md border border-destructive px-3 py-1.5 text-sm font-semibold text-destructive print:border-black print:text-black"
                >
                  {t(`receipt.banner.${data.status}`)}
                </p>
              ) : null}
            </div>
          ) : null}
          {data ? (
            <dl className="mt-5 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]" data-testid="receipt">
              {rows.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-sm text-muted-foreground print:text-black">{term}</dt>
                  <dd className="font-medium sm:text-end">{value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <div className="mt-5 flex flex-col gap-3">
              {[0, 1, 2, 3, 4].map((n) => (
                <Skeleton key={n} className="h-5" />
              ))}
            </div>
          )}
          {data ? (
            <p
              data-testid="receipt-closing"
              className="mt-8 border-t border-border pt-5 text-sm text-muted-foreground print:text-black"
            >
              {t(`receipt.closing.${data.status}`)}
            </p>
          ) : null}
        </article>
      )}
    </>
  )
}
