import { Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { type CheckoutVariant, findOffer, formatPrice } from '../checkout/offers'
import { LinkButton } from '../components/link-button'
import { currentLanguage } from '../i18n'
import { formatNumber } from '../i18n/format'

/** The offer of `/checkout{,1}/{group}/{kind}-{tier}`; checkout itself is not open yet. */
export function CheckoutPage({ variant }: { variant: CheckoutVariant }) {
  const params = useParams<'group' | 'offer'>()
  const offer = findOffer(params.group, params.offer)
  const { t } = useTranslation()
  if (!offer) return <OfferNotFound />
  const language = currentLanguage()
  const price = formatPrice(offer.price, language, offer.currency)
  const credits = formatNumber(offer.credits, language)
  const wide = variant === 'checkout1'
  return (
    <div className={wide ? 'mx-auto max-w-4xl px-4 py-10 sm:px-6' : 'mx-auto max-w-lg px-4 py-10'}>
      <title>{`${t('checkout.title')} · Templet`}</title>
      <h1 className="text-2xl font-semibold tracking-tight">{t('checkout.title')}</h1>
      <div className={wide ? 'mt-6 grid gap-6 md:grid-cols-2' : 'mt-6 flex flex-col gap-6'}>
        <section
          aria-labelledby="offer-heading"
          className="rounded-xl border border-border p-6"
          data-testid="offer"
          data-variant={variant}
        >
          <h2 id="offer-heading" className="text-lg font-semibold">
            {t(`checkout.kind.${offer.kind}`)}
          </h2>
          <p className="mt-1 text-muted-foreground">
            {offer.kind === 'subscription'
              ? t('checkout.creditsPerMonth', { count: offer.credits, formatted: credits })
              : t('checkout.credits', { count: offer.credits, formatted: credits })}
          </p>
          <dl className="mt-6 flex items-baseline justify-between border-t border-border pt-4">
            <dt className="font-medium">{t('checkout.total')}</dt>
            <dd className="text-2xl font-semibold tabular-nums">
              {price}
              {offer.kind === 'subscription' ? (
                <span className="ms-1 text-sm font-normal text-muted-foreground">
                  {t('checkout.perMonth')}
                </span>
              ) : null}
            </dd>
          </dl>
          <p className="mt-4 text-xs text-muted-foreground">
            {t('checkout.group', { group: offer.group })} ·{' '}
            {t('checkout.variant', { variant: variant === 'checkout' ? 'A' : 'B' })}
          </p>
        </section>
        <section className="flex gap-3 rounded-xl border border-border bg-muted p-6" role="status">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p>{t('checkout.notOpen')}</p>
        </section>
      </div>
    </div>
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
