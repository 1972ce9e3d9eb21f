import { useQuery } from '@tanstack/react-query'
import type { DashboardSummary } from '@templet/api'
import { Card, CardTitle } from '@templet/ui/card'
import { Skeleton } from '@templet/ui/skeleton'
import { CalendarClock, ChevronRight, Coins, Images, LayoutTemplate, Star, TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { dashboardSummaryQuery, myInfoQuery } from '../api/queries'
import { cx } from '../components/cx'
import { LinkButton } from '../components/link-button'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { ThumbnailLink } from '../components/thumbnail-link'
import { formatDate, formatNumber } from '../i18n/format'
import { TemplateGrid, TemplateGridSkeleton } from '../templates/template-card'

type Locale = 'en' | 'zh-CN'
const creationGridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6'
const linkClass =
  'inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/** `/dashboard`: the account at a glance, from one request (`GET /dashboard/summary`). */
export function DashboardPage() {
  const { t, i18n } = useTranslation()
  const locale: Locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  // The shell reads the user already (the header's menu): the greeting costs no request of its own.
  const { data: user } = useQuery(myInfoQuery())
  const summary = useQuery(dashboardSummaryQuery())
  const data = summary.data
  const start = data?.startTemplateId ? `/templates/${data.startTemplateId}/edit` : '/templates'

  return (
    <>
      <PageTitle
        title={t('dashboard.title')}
        actions={
          <LinkButton to={start}>
            <LayoutTemplate aria-hidden="true" />
            {t('dashboard.start')}
          </LinkButton>
        }
      />
      <div className="mb-6">
        {user ? (
          <h2 className="text-xl font-semibold break-words">{t('dashboard.welcome', { name: user.name })}</h2>
        ) : (
          <Skeleton className="h-7 w-56" />
        )}
      </div>
      {summary.isError ? (
        <LoadError onRetry={() => void summary.refetch()} />
      ) : (
        <div className="flex flex-col gap-10" aria-busy={summary.isPending}>
          <div className="grid gap-4 sm:grid-cols-2">
            <CreditsCard credits={data?.credits} />
            <PlanCard plan={data?.plan} />
          </div>
          <LatestCreations data={data} start={start} />
          <StarredTypes starred={data?.starred} locale={locale} />
        </div>
      )}
    </>
  )
}

/** A figure of the dashboard's summary: a region named by its small heading with an icon. */
function SummaryCard({
  headingId,
  icon,
  title,
  children,
}: {
  headingId: string
  icon: ReactNode
  title: string
  children: ReactNode
}) {
  return (
    <Card role="region" aria-labelledby={headingId} className="block p-5">
      <CardTitle id={headingId} className="flex items-center gap-2 text-sm font-normal text-muted-foreground">
        {icon}
        {title}
      </CardTitle>
      {children}
    </Card>
  )
}

function CreditsCard({ credits }: { credits: DashboardSummary['credits'] | undefined }) {
  const { t, i18n } = useTranslation()
  return (
    <SummaryCard
      headingId="credits-heading"
      icon={<Coins aria-hidden="true" className="size-4" />}
      title={t('dashboard.credits')}
    >
      {credits ? (
        <p className="mt-2 text-3xl font-semibold tabular-nums" data-testid="credits">
          {formatNumber(credits.balance, i18n.language)}
        </p>
      ) : (
        <Skeleton className="mt-2 h-9 w-20" />
      )}
      {credits?.low ? (
        <p
          data-testid="low-credits"
          className="mt-2 flex items-start gap-2 rounded-lg bg-warning/15 p-3 text-sm text-foreground"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
          <span>
            {credits.balance === 0 ? t('dashboard.noCredits') : t('dashboard.lowCredits')}{' '}
            <Link to="/pricing-plans" className="font-medium text-primary underline">
              {t('dashboard.lowCreditsLink')}
            </Link>
          </span>
        </p>
      ) : (
        <p className="mt-1 text-sm text-muted-foreground">{t('dashboard.creditsHint')}</p>
      )}
      <LinkButton to="/pricing-plans" variant="outline" size="sm" className="mt-4">
        {t('dashboard.buyCredits')}
      </LinkButton>
    </SummaryCard>
  )
}

function PlanCard({ plan }: { plan: DashboardSummary['plan'] | undefined }) {
  const { t, i18n } = useTranslation()
  const date = plan ? formatDate(new Date(plan.currentPeriodEnd), 'long', i18n.language) : ''
  return (
    <SummaryCard
      headingId="plan-heading"
      icon={<CalendarClock aria-hidden="true" className="size-4" />}
      title={t('dashboard.plan')}
    >
      {plan === undefined ? (
        // Shaped like the card without a plan (what a new customer gets), so nothing moves when it loads.
        <>
          <Skeleton className="mt-2 h-7 w-40" />
          <div aria-hidden="true" className="relative mt-1 text-sm">
            <span className="invisible">{t('dashboard.subscribeHint')}</span>
            <Skeleton className="absolute inset-0" />
          </div>
          <Skeleton className="mt-4 h-8 w-36" />
        </>
      ) : plan === null ? (
        <>
          <p className="mt-2 text-xl font-semibold">{t('dashboard.noPlan')}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('dashboard.subscribeHint')}</p>
          <LinkButton to="/pricing-plans" variant="outline" size="sm" className="mt-4">
            {t('dashboard.subscribe')}
          </LinkButton>
        </>
      ) : (
        <>
          <p className="mt-2 text-xl font-semibold">
            {plan.credits === null
              ? t('dashboard.planUnlisted')
              : t('offers.subscription', { credits: formatNumber(plan.credits, i18n.language) })}
          </p>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="plan-date">
            {plan.status === 'active'
              ? t('dashboard.renewsOn', { date })
              : plan.status === 'canceling'
                ? t('dashboard.endsOn', { date })
                : t('dashboard.pastDue')}
          </p>
          <LinkButton to="/pricing-plans" variant="outline" size="sm" className="mt-4">
            {t('dashboard.managePlan')}
          </LinkButton>
        </>
      )}
    </SummaryCard>
  )
}

function LatestCreations({ data, start }: { data: DashboardSummary | undefined; start: string }) {
  const { t } = useTranslation()
  return (
    <Section
      id="creations-heading"
      icon={<Images aria-hidden="true" className="size-5" />}
      title={t('dashboard.latest')}
      more={
        data && data.creationCount > 0 ? (
          <Link to="/creation" className={linkClass}>
            {t('dashboard.allCreations', { count: data.creationCount })}
            <ChevronRight aria-hidden="true" className="size-4" />
          </Link>
        ) : null
      }
    >
      {!data ? (
        <div aria-busy="true" className={creationGridClass}>
          {[0, 1, 2, 3, 4, 5].map((n) => (
            <Skeleton key={n} className="aspect-square" />
          ))}
        </div>
      ) : data.creations.length === 0 ? (
        // At least as high as the skeleton's first row (an invisible square in the same grid), so the
        // sections below stay where they were when an empty history arrives.
        <div className={creationGridClass}>
          <div aria-hidden="true" className="invisible col-start-1 row-start-1 aspect-square" />
          <Empty
            className="col-span-full col-start-1 row-start-1"
            action={
              <LinkButton to={start} variant="outline" size="sm">
                {t('dashboard.createFirst')}
              </LinkButton>
            }
          >
            {t('dashboard.creationsEmpty')}
          </Empty>
        </div>
      ) : (
        <ul className={creationGridClass} data-testid="latest-creations">
          {data.creations.map((creation) => (
            <li key={creation.id}>
              <ThumbnailLink
                to={`/creation/${creation.id}/edit`}
                src={creation.thumbnailUrl}
                width={creation.width}
                height={creation.height}
                title={creation.name}
              />
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

function StarredTypes({
  starred,
  locale,
}: {
  starred: DashboardSummary['starred'] | undefined
  locale: Locale
}) {
  const { t } = useTranslation()
  return (
    <Section
      id="starred-heading"
      icon={<Star aria-hidden="true" className="size-5" />}
      title={t('dashboard.starred')}
    >
      {!starred ? (
        <TemplateGridSkeleton />
      ) : starred.length === 0 ? (
        <Empty
          action={
            <LinkButton to="/templates" variant="outline" size="sm">
              <LayoutTemplate aria-hidden="true" />
              {t('dashboard.browseTemplates')}
            </LinkButton>
          }
        >
          {t('dashboard.starredEmpty')}
        </Empty>
      ) : (
        <div className="flex flex-col gap-8">
          {starred.map((type) => {
            const name = type.names[locale]
            return (
              <section key={type.id} aria-labelledby={`starred-type-${type.id}`}>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <h3 id={`starred-type-${type.id}`} className="font-semibold">
                    {name}
                  </h3>
                  <Link to={`/templates/${type.id}`} className={linkClass}>
                    {t('media.templates.seeAll', { count: type.templateCount, name })}
                    <ChevronRight aria-hidden="true" className="size-4" />
                  </Link>
                </div>
                <TemplateGrid templates={type.templates} locale={locale} />
              </section>
            )
          })}
        </div>
      )}
    </Section>
  )
}

function Section({
  id,
  icon,
  title,
  more,
  children,
}: {
  id: string
  icon: ReactNode
  title: string
  more?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
          {icon}
          {title}
        </h2>
        {more}
      </div>
      {children}
    </section>
  )
}

/** A section with nothing in it yet: what will be here, and the way to fill it. */
function Empty({
  children,
  action,
  className,
}: {
  children: ReactNode
  action: ReactNode
  className?: string
}) {
  return (
    <div className={cx('rounded-xl border border-dashed border-border p-6', className)}>
      <p className="text-muted-foreground">{children}</p>
      <div className="mt-4">{action}</div>
    </div>
  )
}
