import './whose-messages'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { AuthData, CheckoutVariant, OfferDetail, Purchase } from '@templet/api'
import { Button } from '@templet/ui/button'
import { CheckCircle2, ExternalLink, Info, LogOut } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { ApiFailureError, api } from '../api/client'
import { useCheckoutCreate, useCheckoutPay } from '../api/mutations'
import { checkoutDetailQuery, creditBalanceQuery, myInfoQuery } from '../api/queries'
import { LinkButton } from '../components/link-button'
import { currentLanguage } from '../i18n'
import { formatNumber } from '../i18n/format'
import { endSession, hasSession, startSession } from '../session/session'
import { mayBuy, useCurrentTeam } from '../teams/current-team'
import { type CardError, type CardField, cardBody } from './card'
import { CardForm } from './card-form'
import { InlineAuth } from './inline-auth'
import { formatPrice, returnPath } from './offers'

/** What a finished payment shows: the purchase and the balance right after it. */
interface Paid {
  purchase: Purchase
  balance: number
}

/** `returnTo` survives the trip to the payment provider's page here, by checkout. */
const returnKey = (checkoutId: string) => `templet.checkout.returnTo:${checkoutId}`

function rememberReturn(checkoutId: string, returnTo: string | null) {
  try {
    if (returnTo) sessionStorage.setItem(returnKey(checkoutId), returnTo)
  } catch {
    // Without storage the success page offers Templates instead.
  }
}

function recallReturn(checkoutId: string): string | null {
  try {
    return returnPath(sessionStorage.getItem(returnKey(checkoutId)))
  } catch {
    return null
  }
}

/**
 * The right-hand (or lower) half of a checkout page: the account (inline registration or sign-in for an
 * anonymous visitor), then the payment (the sandbox card form, or the hand-over to the provider's page),
 * then the outcome. The return from the provider's page (`?checkoutId=…&result=success|cancel`) reads the
 * checkout until the webhook has granted it.
 */
export function PaymentPanel({ offer, variant }: { offer: OfferDetail; variant: CheckoutVariant }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const [signedIn, setSignedIn] = useState(hasSession)
  const [paid, setPaid] = useState<Paid | null>(null)
  const returnedId = params.get('checkoutId')
  const result = params.get('result')
  const returnTo = returnPath(params.get('returnTo')) ?? (returnedId ? recallReturn(returnedId) : null)

  function signedInAs(auth: AuthData) {
    startSession(auth)
    queryClient.setQueryData(myInfoQuery().queryKey, auth.user)
    // The balance read next is this account's.
    queryClient.removeQueries({ queryKey: ['creditBalance'] })
    setSignedIn(true)
  }

  async function signOut() {
    try {
      await api.call('logout')
    } catch {
      // Best effort: the local session ends whatever the server says.
    }
    endSession({ byChoice: true })
    queryClient.removeQueries({ queryKey: ['myInfo'] })
    queryClient.removeQueries({ queryKey: ['creditBalance'] })
    setSignedIn(false)
  }

  if (!signedIn) return <InlineAuth onSignedIn={signedInAs} />
  if (paid) return <PaymentSuccess offer={offer} paid={paid} returnTo={returnTo} />
  return (
    <div className="flex flex-col gap-5">
      <AccountLine onSignOut={() => void signOut()} />
      {returnedId && result === 'success' ? (
        <ProviderReturn checkoutId={returnedId} onPaid={setPaid} />
      ) : (
        <BuyersOnly>
          <Payment
            offer={offer}
            variant={variant}
            returnTo={returnTo}
            notice={returnedId && result === 'cancel' ? t('checkout.provider.cancelled') : undefined}
            onPaid={setPaid}
          />
        </BuyersOnly>
      )}
    </div>
  )
}

/**
 * In a team's workspace, a member who does not buy for the team (an editor or viewer) is told who does, and no
 * checkout is opened for them (the server would refuse it).
 */
function BuyersOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const where = useCurrentTeam()
  if (where.teamId !== undefined && !where.team)
    return (
      <p className="text-sm text-muted-foreground" aria-busy="true">
        {t('app.loading')}
      </p>
    )
  if (mayBuy(where)) return children
  return (
    <p
      className="flex gap-2 rounded-lg border border-border px-4 py-3 text-sm"
      data-testid="checkout-admin-buys"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t('whose.adminBuys', { team: where.team?.name })}
    </p>
  )
}

/** Who pays, with the balance the credits go to (a team's in a team's workspace), and a way out for someone else. */
function AccountLine({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation()
  const me = useQuery(myInfoQuery())
  const balance = useQuery(creditBalanceQuery())
  const team = useCurrentTeam().team?.name
  const language = currentLanguage()
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-muted px-4 py-3 text-sm" aria-busy={me.isPending}>
      {me.data ? (
        <>
          <p className="break-words">
            {t('checkout.account.payingAs', { name: me.data.name, email: me.data.email })}
          </p>
          {team ? (
            <p className="break-words font-medium" data-testid="checkout-team">
              {t('whose.checkout.forTeam', { team })}
            </p>
          ) : null}
          {balance.data ? (
            <p className="break-words text-muted-foreground" data-testid="checkout-balance">
              {team
                ? t('whose.checkout.balance', {
                    team,
                    count: balance.data.balance,
                    formatted: formatNumber(balance.data.balance, language),
                  })
                : t('checkout.account.balance', {
                    count: balance.data.balance,
                    formatted: formatNumber(balance.data.balance, language),
                  })}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-muted-foreground">{t('app.loading')}</p>
      )}
      <button
        type="button"
        onClick={onSignOut}
        className="inline-flex items-center gap-1.5 self-start rounded-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <LogOut aria-hidden="true" className="size-3.5" />
        {t('checkout.account.notYou')}
      </button>
    </div>
  )
}

/** Opens the checkout once, then takes the card (sandbox) or hands over to the provider's page (Stripe). */
function Payment({
  offer,
  variant,
  returnTo,
  notice,
  onPaid,
}: {
  offer: OfferDetail
  variant: CheckoutVariant
  returnTo: string | null
  notice: string | undefined
  onPaid: (paid: Paid) => void
}) {
  const { t } = useTranslation()
  const create = useCheckoutCreate()
  const pay = useCheckoutPay()
  const opened = useRef(false)
  const paying = useRef(false)
  const [alert, setAlert] = useState<string>()
  const [serverErrors, setServerErrors] = useState<Partial<Record<CardField, CardError>>>({})
  const [leaving, setLeaving] = useState(false)
  const language = currentLanguage()
  const price = formatPrice(offer.price, language, offer.currency)

  const open = () => create.mutate({ offerId: offer.id, variant })
  // One checkout per visit of the page (a ref, so a development double effect opens one too).
  useEffect(() => {
    if (opened.current) return
    opened.current = true
    open()
  })

  const checkout = create.data
  let body: React.ReactNode
  if (create.isError) {
    const conflict = create.error instanceof ApiFailureError && create.error.code === 409
    body = conflict ? (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-border p-4" role="alert">
        <p>{t('checkout.pay.hasSubscription')}</p>
        <LinkButton to="/pricing-plans" variant="outline">
          {t('checkout.pay.toPlans')}
        </LinkButton>
      </div>
    ) : (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-border p-4" role="alert">
        <p>{t('checkout.pay.failed')}</p>
        <Button variant="outline" onClick={open}>
          {t('checkout.pay.retry')}
        </Button>
      </div>
    )
  } else if (!checkout) {
    body = (
      <p className="text-sm text-muted-foreground" aria-busy="true">
        {t('checkout.pay.preparing')}
      </p>
    )
  } else if (checkout.redirectUrl) {
    const url = checkout.redirectUrl
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">{t('checkout.pay.redirectNote')}</p>
        <Button
          size="lg"
          className="w-full"
          disabled={leaving}
          onClick={() => {
            rememberReturn(checkout.checkoutId, returnTo)
            setLeaving(true)
            window.location.assign(url)
          }}
        >
          <ExternalLink aria-hidden="true" />
          {leaving ? t('checkout.pay.redirecting') : t('checkout.pay.redirect')}
        </Button>
      </div>
    )
  } else {
    body = (
      <>
        <p className="flex gap-2 rounded-md border border-border bg-muted px-3 py-2 text-sm text-muted-foreground">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('checkout.pay.testMode')}
        </p>
        <CardForm
          submitLabel={
            offer.kind === 'subscription'
              ? t('checkout.pay.submitMonthly', { price })
              : t('checkout.pay.submit', { price })
          }
          busy={pay.isPending}
          alert={alert}
          serverErrors={serverErrors}
          onEdit={() => {
            setAlert(undefined)
            setServerErrors({})
          }}
          onPay={(card) => {
            // A second click before the first answer changes nothing (the client refuses it too).
            if (paying.current) return
            paying.current = true
            setAlert(undefined)
            pay.mutate(
              { checkoutId: checkout.checkoutId, ...cardBody(card) },
              {
                onSuccess: (answer) => {
                  if (answer.status === 'paid') onPaid({ purchase: answer.purchase, balance: answer.balance })
                  else
                    setAlert(
                      answer.status === 'declined'
                        ? t('checkout.pay.declined')
                        : t('checkout.pay.insufficient'),
                    )
                },
                onError: (error) => {
                  if (error instanceof ApiFailureError && error.code === 400) {
                    const found = cardIssues(error)
                    if (Object.keys(found).length > 0) return setServerErrors(found)
                  }
                  if (error instanceof ApiFailureError && error.code === 409)
                    return setAlert(t('checkout.pay.hasSubscription'))
                  if (error instanceof ApiFailureError && error.code === 401) return
                  setAlert(t('checkout.pay.failed'))
                },
                onSettled: () => {
                  paying.current = false
                },
              },
            )
          }}
        />
      </>
    )
  }

  return (
    <section aria-labelledby="payment-heading" className="flex flex-col gap-4">
      <h2 id="payment-heading" className="text-lg font-semibold">
        {t('checkout.pay.title')}
      </h2>
      {notice ? (
        <p role="status" className="rounded-md border border-border bg-muted px-3 py-2 text-sm">
          {notice}
        </p>
      ) : null}
      {body}
    </section>
  )
}

/** The server's verdict on the card's fields (a 400), as the form's own error keys. */
function cardIssues(error: ApiFailureError): Partial<Record<CardField, CardError>> {
  const found: Partial<Record<CardField, CardError>> = {}
  for (const issue of error.issues) {
    const field = issue.path[0]
    if (field === 'cardNumber') found.cardNumber = 'numberInvalid'
    // The server's own clock decides "expired" (`invalid_value`); anything else is the format.
    if (field === 'expiry') found.expiry = issue.code === 'invalid_value' ? 'expiryPast' : 'expiryFormat'
    if (field === 'cvc') found.cvc = 'cvcFormat'
  }
  return found
}

/** Back from the provider's page: the checkout is read until the signed webhook has granted it. */
function ProviderReturn({ checkoutId, onPaid }: { checkoutId: string; onPaid: (paid: Paid) => void }) {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const startedAt = useRef(Date.now())
  const detail = useQuery({
    ...checkoutDetailQuery(checkoutId),
    refetchInterval: (query) =>
      query.state.data?.status === 'paid' || Date.now() - startedAt.current > 120_000 ? false : 1500,
  })
  const purchase = detail.data?.status === 'paid' ? detail.data.purchase : null
  useEffect(() => {
    if (!purchase) return
    void queryClient.fetchQuery({ ...creditBalanceQuery(), staleTime: 0 }).then((now) => {
      onPaid({ purchase, balance: now.balance })
    })
  }, [purchase, queryClient, onPaid])

  if (detail.isError) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-border p-4" role="alert">
        <p>{t('app.loadFailed')}</p>
        <Button variant="outline" onClick={() => void detail.refetch()}>
          {t('app.retry')}
        </Button>
      </div>
    )
  }
  const slow = Date.now() - startedAt.current > 20_000
  return (
    <p role="status" aria-busy="true" className="rounded-md border border-border px-3 py-2 text-sm">
      {slow ? t('checkout.provider.slow') : t('checkout.provider.confirming')}
    </p>
  )
}

/** The outcome: the credits granted, the new balance, and the way onward. */
function PaymentSuccess({
  offer,
  paid,
  returnTo,
}: {
  offer: OfferDetail
  paid: Paid
  returnTo: string | null
}) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  const language = currentLanguage()
  const team = useCurrentTeam().team?.name
  useEffect(() => heading.current?.focus(), [])
  const { credits } = paid.purchase
  return (
    <section
      aria-labelledby="success-heading"
      className="flex flex-col items-start gap-3"
      data-testid="checkout-success"
    >
      <CheckCircle2 aria-hidden="true" className="size-10 text-primary" />
      <h2 id="success-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        {t('checkout.success.title')}
      </h2>
      {offer.kind === 'subscription' ? <p>{t('checkout.success.subscribed')}</p> : null}
      <p className="text-2xl font-semibold tabular-nums">
        {t('checkout.success.credits', { count: credits, formatted: formatNumber(credits, language) })}
      </p>
      <p data-testid="checkout-new-balance" className="break-words">
        {team
          ? t('whose.checkout.newBalance', {
              team,
              count: paid.balance,
              formatted: formatNumber(paid.balance, language),
            })
          : t('checkout.success.balance', {
              count: paid.balance,
              formatted: formatNumber(paid.balance, language),
            })}
      </p>
      <div className="mt-2 flex flex-wrap gap-3">
        <LinkButton to={returnTo ?? '/templates'} size="lg">
          {returnTo ? t('checkout.success.back') : t('checkout.success.templates')}
        </LinkButton>
        <LinkButton to={`/purchase-history/${paid.purchase.id}`} variant="outline" size="lg">
          {t('checkout.success.receipt')}
        </LinkButton>
      </div>
    </section>
  )
}
