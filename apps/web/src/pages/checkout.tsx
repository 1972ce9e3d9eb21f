import { useQuery } from '@tanstack/react-query'
import type { CheckoutVariant, OfferDetail } from '@templet/api'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { offerDetailQuery } from '../api/queries'
import { formatPrice } from '../checkout/offers'
import { PaymentPanel } from '../checkout/payment-panel'
import { cx } from '../components/cx'
import { LinkButton } from '../components/link-button'
import { LoadError } from '../components/load-error'
import { currentLanguage } from '../i18n'
import { formatNumber } from '../i18n/format'

/**
 * `/checkout/{group}/{kind}-{tier}` and `/checkout1/…`: two layouts of the same offer, read from the server
 * (`/offer/detail`). Layout `checkout` is one narrow column; `checkout1` puts the offer and what it includes
 * beside the payment. The variant goes with the checkout to the server; the customer never sees it.
 */
export function CheckoutPage({ variant }: { variant: CheckoutVariant }) {
  const { t } = useTranslation()
  const params = useParams<'group' | 'offer'>()
  const id = `${params.group ?? ''}/${params.offer ?? ''}`
  const detail = useQuery(offerDetailQuery(id))
  const wide = variant === 'checkout1'
  const title = wide ? t('checkout.titleB') : t('checkout.title')

  if (detail.data === null) return <OfferNotFound />
  return (
    <div
      className={
        wide ? 'mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12' : 'mx-auto max-w-xl px-4 py-8 sm:py-12'
      }
    >
      <title>{`${title} · Templet`}</title>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {detail.isError ? (
        <div className="mt-6">
          <LoadError onRetry={() => void detail.refetch()} />
        </div>
      ) : (
        <div className={wide ? 'mt-6 grid items-start gap-6 md:grid-cols-5' : 'mt-6 flex flex-col gap-6'}>
          <OfferSummary offer={detail.data} variant={variant} />
          <div className={cx('rounded-xl border border-border p-5 sm:p-6', wide && 'md:col-span-3')}>
            {detail.data ? (
              <PaymentPanel offer={detail.data} variant={variant} />
            ) : (
              <div aria-busy="true" className="h-64" />
            )}
          </div>
        </div>
      )}
    </div>
  )
}

/** The offer: what it is, the credits, the price and its terms; in layout B also what it includes. */
function OfferSummary({ offer, variant }: { offer: OfferDetail | undefined; variant: CheckoutVariant }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const wide = variant === 'checkout1'
  const frame = cx(
    'rounded-xl border border-border p-5 sm:p-6',
    wide && 'bg-muted/50 md:col-span-2 md:sticky md:top-6',
  )
  if (!offer) {
    return (
      <section aria-busy="true" className={frame}>
        <div className="h-6 w-40 animate-pulse rounded bg-muted" />
        <div className="mt-3 h-4 w-28 animate-pulse rounded bg-muted" />
        <div className="mt-6 h-8 w-full animate-pulse rounded bg-muted" />
      </section>
    )
  }
  const price = formatPrice(offer.price, language, offer.currency)
  const credits = formatNumber(offer.credits, language)
  const monthly = offer.kind === 'subscription'
  const includes = t(monthly ? 'checkout.includesSubscription' : 'checkout.includesPayment', {
    returnObjects: true,
  }) as readonly string[]
  return (
    <section aria-labelledby="offer-heading" className={frame} data-testid="offer" data-variant={variant}>
      <h2 id="offer-heading" className="text-lg font-semibold">
        {t(`checkout.kind.${offer.kind}`)}
      </h2>
      <p className="mt-1 text-muted-foreground">
        {monthly
          ? t('checkout.creditsPerMonth', { formatted: credits })
          : t('checkout.credits', { formatted: credits })}
      </p>
      {wide ? (
        <div className="mt-5">
          <h3 className="text-sm font-medium">{t('checkout.includes')}</h3>
          <ul className="mt-2 flex flex-col gap-2 text-sm">
            {includes.map((line) => (
              <li key={line} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                {line}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="mt-6 flex items-baseline justify-between gap-3 border-t border-border pt-4">
        <dt className="font-medium">{monthly ? t('checkout.totalMonthly') : t('checkout.total')}</dt>
        <dd className="text-2xl font-semibold tabular-nums" data-testid="offer-price">
          {price}
          {monthly ? (
            <span className="ms-1 text-sm font-normal text-muted-foreground">{t('checkout.perMonth')}</span>
          ) : null}
        </dd>
      </dl>
      <p className="mt-3 text-sm text-muted-foreground">
        {monthly ? t('checkout.subscriptionTerms') : t('checkout.paymentTerms')}
      </p>
    </section>
  )
}

export function OfferNotFound() {
  const { t } = useTranslation()
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <title>{`${t('checkout.notFoundTitle')} · Templet`}</title>
      <h1 className="text-2xl font-semibold tracking-tight">{t('checkout.notFoundTitle')}</h1>
      <p className="mt-3 text-muted-foreground">{t('checkout.notFoundBody')}</p>
      <LinkButton to="/subscription" className="mt-6">
        {t('checkout.seePlans')}
      </LinkButton>
    </div>
  )
}
