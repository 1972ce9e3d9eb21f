import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { currentLanguage } from '../i18n'
import { formatNumber } from '../i18n/format'
import { checkoutPath, formatPrice, KINDS, type OfferKind, offersOf } from './offers'

/** The 3 tiers × 2 kinds, each linking to its checkout page. */
export function OfferGrid({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const offers = offersOf()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="flex flex-col gap-10">
      {KINDS.map((kind: OfferKind) => (
        <section key={kind} aria-labelledby={`offers-${kind}`}>
          <Heading id={`offers-${kind}`} className="text-lg font-semibold">
            {t(`pricingPlans.${kind}`)}
          </Heading>
          <p className="mt-1 text-sm text-muted-foreground">
            {kind === 'payment' ? t('pricingPlans.paymentNote') : t('pricingPlans.subscriptionNote')}
          </p>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {offers
              .filter((offer) => offer.kind === kind)
              .map((offer) => {
                const price = formatPrice(offer.price, language, offer.currency)
                const credits = formatNumber(offer.credits, language)
                return (
                  <li key={offer.tier} className="flex flex-col rounded-xl border border-border p-5">
                    <p className="text-3xl font-semibold tabular-nums">
                      {price}
                      {kind === 'subscription' ? (
                        <span className="ms-1 text-base font-normal text-muted-foreground">
                          {t('pricingPlans.perMonth')}
                        </span>
                      ) : null}
                    </p>
                    <p className="mt-2 flex items-center gap-2">
                      <Check aria-hidden="true" className="size-4 text-primary" />
                      {t('pricingPlans.credits', { count: offer.credits, formatted: credits })}
                    </p>
                    <Link
                      to={checkoutPath(kind, offer.tier)}
                      aria-label={
                        kind === 'payment'
                          ? t('pricingPlans.buy', { credits, price })
                          : t('pricingPlans.subscribe', { credits, price })
                      }
                      className="mt-5 inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90"
                    >
                      {t('pricingPlans.choose')}
                    </Link>
                  </li>
                )
              })}
          </ul>
        </section>
      ))}
    </div>
  )
}
