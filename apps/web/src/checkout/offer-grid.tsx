import { useQuery } from '@tanstack/react-query'
import type { Offer } from '@templet/api'
import { buttonVariants } from '@templet/ui/button'
import { Check } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { offerListQuery } from '../api/queries'
import { cx } from '../components/cx'
import { LoadError } from '../components/load-error'
import { currentLanguage } from '../i18n'
import { formatNumber, formatUnitPrice } from '../i18n/format'
import { checkoutPath, formatPrice, KINDS, mainOffers, planCreditBonus, pricePerCredit } from './offers'

/**
 * The link that opens an offer's checkout page, named with its credits and price (and in a team's workspace the
 * team it credits); `returnTo` (a same-origin path, e.g. the editor's) is passed on, so the success page leads
 * back there.
 */
export function ChooseOfferLink({
  offer,
  className,
  returnTo,
  team,
}: {
  offer: Offer
  className?: string
  returnTo?: string | null
  /** The team whose workspace buys it, by name. */
  team?: string | undefined
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const price = formatPrice(offer.price, language, offer.currency)
  const credits = formatNumber(offer.credits, language)
  return (
    <Link
      to={checkoutPath(offer.id, 'checkout', returnTo)}
      aria-label={
        offer.kind === 'payment'
          ? team
            ? t('whose.buy', { credits, price, team })
            : t('pricingPlans.buy', { credits, price })
          : team
            ? t('whose.subscribe', { credits, price, team })
            : t('pricingPlans.subscribe', { credits, price })
      }
      className={buttonVariants({ className: cx('w-full', className) })}
    >
      {/* The name begins with the words shown (WCAG 2.5.3, label in name): "Buy" of "Buy 100 credits for…". */}
      {offer.kind === 'payment' ? t('pricingPlans.chooseBuy') : t('pricingPlans.chooseSubscribe')}
    </Link>
  )
}

/**
 * The offers of the main group from `/offer/list`, one-off packs and monthly plans, each card with its
 * price and credits; `action` is the card's button (by default a link to the checkout page), `badge` a
 * mark above the price (the current plan). Loading shows skeletons, a failure a retry.
 */
export function OfferGrid({
  headingLevel = 2,
  action = (offer) => <ChooseOfferLink offer={offer} />,
  badge,
  highlight,
}: {
  headingLevel?: 2 | 3
  action?: (offer: Offer) => ReactNode
  badge?: (offer: Offer) => ReactNode
  highlight?: (offer: Offer) => boolean
}) {
  const { t } = useTranslation()
  const list = useQuery(offerListQuery())
  const language = currentLanguage()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />
  const offers = list.data ? mainOffers(list.data) : []
  const bonus = planCreditBonus(offers)
  return (
    <div className="flex flex-col gap-10" aria-busy={list.isPending}>
      {KINDS.map((kind) => (
        <section key={kind} aria-labelledby={`offers-${kind}`}>
          <Heading id={`offers-${kind}`} className="text-lg font-semibold">
            {t(`pricingPlans.${kind}`)}
          </Heading>
          <p className="mt-1 text-sm text-muted-foreground">
            {kind === 'payment'
              ? t('pricingPlans.paymentNote')
              : bonus
                ? t('pricingPlans.subscriptionBonusNote', { bonus })
                : t('pricingPlans.subscriptionNote')}
          </p>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {list.isPending
              ? [0, 1, 2].map((n) => (
                  <li key={n} className="h-44 animate-pulse rounded-xl border border-border bg-muted/60" />
                ))
              : offers
                  .filter((offer) => offer.kind === kind)
                  .map((offer) => (
                    <li
                      key={offer.id}
                      className={cx(
                        'flex flex-col rounded-xl border p-5',
                        highlight?.(offer) ? 'border-primary ring-1 ring-primary' : 'border-border',
                      )}
                      data-testid={`offer-${offer.kind}-${offer.tier}`}
                    >
                      {/* The monthly cards keep a row for the plan's mark, so their prices line up. */}
                      {badge && kind === 'subscription' ? (
                        <div className="mb-1 min-h-6">{badge(offer)}</div>
                      ) : null}
                      <p className="text-3xl font-semibold tabular-nums">
                        {formatPrice(offer.price, language, offer.currency)}
                        {kind === 'subscription' ? (
                          <span className="ms-1 text-base font-normal text-muted-foreground">
                            {t('pricingPlans.perMonth')}
                          </span>
                        ) : null}
                      </p>
                      <p className="mt-2 flex items-center gap-2">
                        <Check aria-hidden="true" className="size-4 text-primary" />
                        {t('pricingPlans.credits', { formatted: formatNumber(offer.credits, language) })}
                      </p>
                      <p className="mt-1 text-sm text-muted-foreground tabular-nums">
                        {t('pricingPlans.perCredit', {
                          price: formatUnitPrice(pricePerCredit(offer), offer.currency, language),
                        })}
                      </p>
                      <div className="mt-auto pt-5">{action(offer)}</div>
                    </li>
                  ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
