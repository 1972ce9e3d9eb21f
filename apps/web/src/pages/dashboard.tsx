import { useQuery } from '@tanstack/react-query'
import { Skeleton } from '@templet/ui'
import { Coins, LayoutTemplate, Star } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { myInfoQuery, offerListQuery, templateTypeListQuery } from '../api/queries'
import { offerLabel } from '../checkout/offers'
import { LinkButton } from '../components/link-button'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { formatNumber } from '../i18n/format'

export function DashboardPage() {
  const { t, i18n } = useTranslation()
  const { data: user } = useQuery(myInfoQuery())
  const types = useQuery(templateTypeListQuery())
  // The plan in the customer's words (`Monthly plan, 220 credits a month`), from the server's offers.
  const offers = useQuery(offerListQuery())
  const starred = types.data?.filter((type) => type.starred) ?? []

  return (
    <>
      <PageTitle
        title={t('dashboard.title')}
        actions={
          <LinkButton to="/templates">
            <LayoutTemplate aria-hidden="true" />
            {t('media.templates.startCreating')}
          </LinkButton>
        }
      />
      <section aria-busy={!user} className="mb-8">
        {user ? (
          <h2 className="text-xl font-semibold">{t('dashboard.welcome', { name: user.name })}</h2>
        ) : (
          <Skeleton className="h-7 w-56" />
        )}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="rounded-xl border border-border p-5">
            <div className="flex items-center gap-2 text-sm text-muted-foreground">
              <Coins aria-hidden="true" className="size-4" />
              {t('dashboard.credits')}
            </div>
            {user ? (
              <p className="mt-2 text-3xl font-semibold tabular-nums" data-testid="credits">
                {formatNumber(user.credits, i18n.language)}
              </p>
            ) : (
              <Skeleton className="mt-2 h-9 w-20" />
            )}
            <p className="mt-1 text-sm text-muted-foreground">{t('dashboard.creditsHint')}</p>
            <LinkButton to="/pricing-plans" variant="outline" size="sm" className="mt-4">
              {t('dashboard.buyCredits')}
            </LinkButton>
          </div>
          <div className="rounded-xl border border-border p-5">
            <div className="text-sm text-muted-foreground">{t('dashboard.plan')}</div>
            {user ? (
              <p className="mt-2 text-xl font-semibold">
                {user.subscription
                  ? offerLabel(t, i18n.language, offers.data, {
                      offerId: user.subscription.offerId ?? '',
                      kind: 'subscription',
                    })
                  : t('dashboard.noPlan')}
              </p>
            ) : (
              <Skeleton className="mt-2 h-7 w-40" />
            )}
          </div>
        </div>
      </section>

      <section aria-labelledby="starred-heading" aria-busy={types.isPending}>
        <h2 id="starred-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold">
          <Star aria-hidden="true" className="size-5" />
          {t('dashboard.starred')}
        </h2>
        {types.isPending ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((n) => (
              <Skeleton key={n} className="h-20" />
            ))}
          </div>
        ) : types.isError ? (
          <LoadError onRetry={() => void types.refetch()} />
        ) : starred.length === 0 ? (
          <div className="rounded-xl border border-dashed border-border p-6">
            <p className="text-muted-foreground">{t('dashboard.starredEmpty')}</p>
            <LinkButton to="/templates" variant="outline" size="sm" className="mt-4">
              <LayoutTemplate aria-hidden="true" />
              {t('dashboard.browseTemplates')}
            </LinkButton>
          </div>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {starred.map((type) => (
              <li key={type.id}>
                <Link to="/templates" className="block rounded-xl border border-border p-4 hover:bg-accent">
                  <span className="font-medium">{type.name}</span>
                  <span className="mt-1 block text-sm text-muted-foreground">
                    {t('dashboard.templateCount', { count: type.templateCount })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
