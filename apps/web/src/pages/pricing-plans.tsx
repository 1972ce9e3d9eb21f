import '../checkout/whose-messages'
import { useQuery } from '@tanstack/react-query'
import type { Offer, Subscription } from '@templet/api'
import { Button } from '@templet/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@templet/ui/dialog'
import { Skeleton } from '@templet/ui/skeleton'
import { CalendarClock, Coins, Info } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useSubscriptionChange } from '../api/mutations'
import { creditBalanceQuery, offerListQuery, subscriptionCurrentQuery } from '../api/queries'
import { BillingAddress } from '../checkout/billing-address'
import { ChooseOfferLink, OfferGrid } from '../checkout/offer-grid'
import { formatPrice, returnPath } from '../checkout/offers'
import { SwitchPlanDialog } from '../checkout/switch-plan-dialog'
import { TeamSeats } from '../checkout/team-seats'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { notifySuccess } from '../feedback/notify'
import { currentLanguage } from '../i18n'
import { formatDate, formatNumber } from '../i18n/format'
import { mayBuy, useCurrentTeam } from '../teams/current-team'

/** A subscription that still runs (an ended one is as good as none here). */
function live(subscription: Subscription | null | undefined): Subscription | null {
  return subscription && subscription.status !== 'canceled' ? subscription : null
}

/**
 * Pricing Plans: the balance and the current plan, then the main group's packs and monthly plans from
 * `/offer/list`. Without a plan each offer leads to its checkout page; with one, the other monthly tiers
 * switch it from the next period on, and the plan can be cancelled at the period end or resumed before it.
 * In a team's workspace (ADR 0210) the balance and the plan are the team's and say so, with the team's seats and,
 * for its owner and admins, the billing address of its receipts; a member who does not buy for it (an editor or
 * viewer) sees its balance and who buys, and no offer to buy.
 */
export function PricingPlansPage() {
  const { t } = useTranslation()
  const language = currentLanguage()
  const where = useCurrentTeam()
  const team = where.team?.name
  const buys = mayBuy(where)
  const current = useQuery({ ...subscriptionCurrentQuery(), enabled: buys })
  const offers = useQuery(offerListQuery())
  const change = useSubscriptionChange()
  const balance = useQuery(creditBalanceQuery())
  const subscription = live(current.data)
  // The plan a switch was asked for: nothing changes before the dialog is confirmed.
  const [switchTarget, setSwitchTarget] = useState<Offer | undefined>(undefined)
  // `/pricing-plans?returnTo=/templates/7/edit` (the editor, out of credits): the checkout leads back there.
  const [params] = useSearchParams()
  const returnTo = returnPath(params.get('returnTo'))
  const renewal = subscription ? formatDate(new Date(subscription.currentPeriodEnd), 'long', language) : ''

  function offerText(offer: Offer) {
    return {
      credits: formatNumber(offer.credits, language),
      price: formatPrice(offer.price, language, offer.currency),
    }
  }

  function subscriptionAction(offer: Offer) {
    if (current.isPending) return <Skeleton className="h-9 w-full" />
    if (!subscription) return <ChooseOfferLink offer={offer} returnTo={returnTo} team={team} />
    if (offer.id === subscription.offerId) {
      return subscription.nextOfferId ? (
        <Button
          variant="outline"
          className="w-full"
          disabled={change.isPending}
          onClick={() =>
            change.mutate(
              { action: 'switch', offerId: offer.id },
              { onSuccess: () => notifySuccess(t('pricingPlans.resumed', { date: renewal })) },
            )
          }
        >
          {t('pricingPlans.switchBack')}
        </Button>
      ) : null
    }
    if (subscription.cancelAtPeriodEnd || offer.id === subscription.nextOfferId) return null
    return (
      <Button
        variant="outline"
        className="w-full"
        disabled={change.isPending}
        aria-label={t('pricingPlans.switchLabel', offerText(offer))}
        aria-haspopup="dialog"
        onClick={() => setSwitchTarget(offer)}
      >
        {t('pricingPlans.switchTo')}
      </Button>
    )
  }

  // In a team, nothing is said until its name is in: neither "your" nor a team's.
  if (where.teamId !== undefined && !where.team)
    return (
      <>
        <PageTitle title={t('pricingPlans.title')}>{t('pricingPlans.intro')}</PageTitle>
        <Skeleton className="mb-10 h-32" />
      </>
    )

  return (
    <>
      <PageTitle title={t('pricingPlans.title')}>{t('pricingPlans.intro')}</PageTitle>
      {team ? (
        <p
          className="mb-4 flex gap-2 rounded-lg border border-border bg-muted px-4 py-3 text-sm"
          data-testid="plans-whose"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {buys ? t('whose.forTeam', { team }) : t('whose.adminBuys', { team })}
        </p>
      ) : null}
      <div className="mb-10 grid gap-4 md:grid-cols-3">
        <Balance team={team} />
        {buys ? (
          <CurrentPlan
            className="md:col-span-2"
            team={team}
            isPending={current.isPending}
            isError={current.isError}
            onRetry={() => void current.refetch()}
            subscription={subscription}
            next={offers.data?.find((offer) => offer.id === subscription?.nextOfferId)}
            change={change}
          />
        ) : null}
      </div>
      {where.team ? (
        <div className="mb-10 grid gap-4 md:grid-cols-3">
          <TeamSeats team={where.team} />
          {buys ? <BillingAddress team={where.team} className="md:col-span-2" /> : null}
        </div>
      ) : null}
      {subscription && !subscription.cancelAtPeriodEnd ? (
        <p className="mb-4 flex gap-2 rounded-lg border border-border bg-muted px-4 py-3 text-sm">
          <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('pricingPlans.switchNote', { date: renewal })}
        </p>
      ) : null}
      {subscription ? (
        <SwitchPlanDialog
          target={switchTarget}
          subscription={subscription}
          balance={balance.data?.balance}
          pending={change.isPending}
          onCancel={() => setSwitchTarget(undefined)}
          onConfirm={(offer) =>
            change.mutate(
              { action: 'switch', offerId: offer.id },
              {
                onSuccess: () => {
                  setSwitchTarget(undefined)
                  notifySuccess(t('pricingPlans.switched', { date: renewal, ...offerText(offer) }))
                },
              },
            )
          }
        />
      ) : null}
      <OfferGrid
        action={(offer) =>
          !buys ? null : offer.kind === 'payment' ? (
            <ChooseOfferLink offer={offer} returnTo={returnTo} team={team} />
          ) : (
            subscriptionAction(offer)
          )
        }
        highlight={(offer) => offer.id === subscription?.offerId}
        badge={(offer) =>
          offer.id === subscription?.offerId ? (
            <span className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-medium text-primary-foreground">
              {t('pricingPlans.current')}
            </span>
          ) : offer.id === subscription?.nextOfferId ? (
            <span className="rounded-full border border-primary px-2.5 py-0.5 text-xs font-medium text-primary">
              {t('pricingPlans.next', { date: renewal })}
            </span>
          ) : null
        }
      />
    </>
  )
}

/** The workspace's balance: "Your balance", or in a team's "Acme's balance". */
function Balance({ team }: { team: string | undefined }) {
  const { t } = useTranslation()
  const balance = useQuery(creditBalanceQuery())
  const language = currentLanguage()
  return (
    <section aria-labelledby="balance-heading" className="min-w-0 rounded-xl border border-border p-5">
      <h2 id="balance-heading" className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
        <Coins aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 break-words">
          {team ? t('whose.balance.team', { team }) : t('whose.balance.yours')}
        </span>
      </h2>
      {balance.isError ? (
        <LoadError onRetry={() => void balance.refetch()} />
      ) : balance.data ? (
        <p className="mt-2 text-3xl font-semibold tabular-nums" data-testid="plans-balance">
          {t('pricingPlans.balanceValue', {
            count: balance.data.balance,
            formatted: formatNumber(balance.data.balance, language),
          })}
        </p>
      ) : (
        <Skeleton className="mt-2 h-9 w-32" />
      )}
    </section>
  )
}

function CurrentPlan({
  className,
  team,
  isPending,
  isError,
  onRetry,
  subscription,
  next,
  change,
}: {
  className: string
  /** The team's name in a team's workspace: "Acme's plan". */
  team: string | undefined
  isPending: boolean
  isError: boolean
  onRetry: () => void
  subscription: Subscription | null
  next: Offer | undefined
  change: ReturnType<typeof useSubscriptionChange>
}) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const [confirming, setConfirming] = useState(false)
  let body: React.ReactNode
  if (isPending) body = <Skeleton className="mt-2 h-16 w-full" />
  else if (isError) body = <LoadError onRetry={onRetry} />
  else if (!subscription) body = <p className="mt-2 text-lg font-medium">{t('pricingPlans.noPlan')}</p>
  else {
    const date = formatDate(new Date(subscription.currentPeriodEnd), 'long', language)
    const status = subscription.cancelAtPeriodEnd
      ? t('pricingPlans.endsOn', { date })
      : subscription.status === 'past_due'
        ? t('pricingPlans.pastDue')
        : t('pricingPlans.renews', { date })
    body = (
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-xl font-semibold">
            {t('pricingPlans.planName', { credits: formatNumber(subscription.credits, language) })}
          </p>
          <p className="text-muted-foreground">
            {t('pricingPlans.planPrice', {
              price: formatPrice(subscription.price, language, subscription.currency),
            })}
          </p>
          <p className="mt-2 text-sm" data-testid="plan-status">
            {status}
          </p>
          {next && !subscription.cancelAtPeriodEnd ? (
            <p className="mt-1 text-sm" data-testid="plan-next">
              {t('pricingPlans.switching', {
                date,
                credits: formatNumber(next.credits, language),
                price: formatPrice(next.price, language, next.currency),
              })}
            </p>
          ) : null}
        </div>
        {subscription.cancelAtPeriodEnd ? (
          <Button
            disabled={change.isPending}
            onClick={() =>
              change.mutate(
                { action: 'resume' },
                { onSuccess: () => notifySuccess(t('pricingPlans.resumed', { date })) },
              )
            }
          >
            {t('pricingPlans.resume')}
          </Button>
        ) : (
          <Dialog open={confirming} onOpenChange={setConfirming}>
            <DialogTrigger asChild>
              <Button variant="outline">{t('pricingPlans.cancel')}</Button>
            </DialogTrigger>
            <DialogContent closeLabel={t('app.close')}>
              <DialogHeader>
                <DialogTitle>{t('pricingPlans.cancelTitle')}</DialogTitle>
                <DialogDescription>{t('pricingPlans.cancelBody', { date })}</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline">{t('pricingPlans.keep')}</Button>
                </DialogClose>
                <Button
                  variant="destructive"
                  disabled={change.isPending}
                  onClick={() =>
                    change.mutate(
                      { action: 'cancel' },
                      {
                        onSuccess: () => {
                          setConfirming(false)
                          notifySuccess(t('pricingPlans.cancelled', { date }))
                        },
                      },
                    )
                  }
                >
                  {t('pricingPlans.cancelConfirm', { date })}
                </Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        )}
      </div>
    )
  }
  return (
    <section
      aria-labelledby="plan-heading"
      className={`min-w-0 rounded-xl border border-border p-5 ${className}`}
    >
      <h2 id="plan-heading" className="break-words text-sm text-muted-foreground">
        {team ? t('whose.plan.team', { team }) : t('whose.plan.yours')}
      </h2>
      {body}
    </section>
  )
}
