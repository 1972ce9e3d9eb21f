import { useQuery } from '@tanstack/react-query'
import type { CreditEntry, Offer, Purchase, PurchaseStatus } from '@templet/api'
import { Skeleton } from '@templet/ui/skeleton'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@templet/ui/table'
import { Coins, Receipt } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { creditHistoryQuery, offerListQuery, purchaseListQuery } from '../api/queries'
import { formatPrice, offerLabel } from '../checkout/offers'
import { cx } from '../components/cx'
import { EmptyState } from '../components/empty-state'
import { LinkButton } from '../components/link-button'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { Pager } from '../components/pager'
import { currentLanguage } from '../i18n'
import { formatDate, formatNumber } from '../i18n/format'

const PAGE_SIZE = 10
type Tab = 'purchases' | 'credits'

/**
 * Purchase History: every payment and invoice (date, offer, amount and currency, status, credits, a
 * receipt each), and on its own tab the credit history (where each credit came from and went). The tab and
 * the page are in the URL, so Back and a shared link keep them.
 */
export function PurchaseHistoryPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const tab: Tab = params.get('tab') === 'credits' ? 'credits' : 'purchases'
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)

  function go(next: { tab?: Tab; page?: number }) {
    const search = new URLSearchParams()
    const to = next.tab ?? tab
    if (to === 'credits') search.set('tab', 'credits')
    if ((next.page ?? 1) > 1) search.set('page', String(next.page))
    setParams(search)
  }

  return (
    <>
      <PageTitle title={t('purchaseHistory.title')} />
      <nav aria-label={t('purchaseHistory.tabs')} className="mb-6 flex gap-1 border-b border-border">
        {(['purchases', 'credits'] as const).map((name) => (
          <Link
            key={name}
            to={name === 'credits' ? '?tab=credits' : '?'}
            aria-current={name === tab ? 'page' : undefined}
            className={cx(
              '-mb-px rounded-t-md border-b-2 px-4 py-2 text-sm font-medium',
              name === tab
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t(`purchaseHistory.${name}`)}
          </Link>
        ))}
      </nav>
      {tab === 'purchases' ? (
        <Purchases page={page} onPage={(p) => go({ page: p })} />
      ) : (
        <Credits page={page} onPage={(p) => go({ page: p })} />
      )}
    </>
  )
}

const statusClass: Record<PurchaseStatus, string> = {
  paid: 'bg-primary/10 text-primary',
  failed: 'bg-destructive/10 text-destructive',
  refunded: 'bg-muted text-muted-foreground',
}

function StatusBadge({ status }: { status: PurchaseStatus }) {
  const { t } = useTranslation()
  return (
    <span className={cx('inline-block rounded-full px-2.5 py-0.5 text-xs font-medium', statusClass[status])}>
      {t(`purchaseHistory.statuses.${status}`)}
    </span>
  )
}

function ListSkeleton() {
  return (
    <ul aria-busy="true" className="flex flex-col gap-3">
      {[0, 1, 2].map((n) => (
        <li key={n}>
          <Skeleton className="h-14" />
        </li>
      ))}
    </ul>
  )
}

function Purchases({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation()
  const list = useQuery(purchaseListQuery(page, PAGE_SIZE))
  const offers = useQuery(offerListQuery())
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE))
  if (list.isPending) return <ListSkeleton />
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />
  if (list.data.items.length === 0) {
    return (
      <EmptyState
        icon={<Receipt className="size-6" />}
        title={t('purchaseHistory.emptyTitle')}
        action={<LinkButton to="/pricing-plans">{t('purchaseHistory.cta')}</LinkButton>}
      >
        {t('purchaseHistory.emptyBody')}
      </EmptyState>
    )
  }
  const rows = list.data.items.map((purchase) => (
    <PurchaseRow key={purchase.id} purchase={purchase} offers={offers.data} />
  ))
  return (
    <>
      <HistoryTable
        testId="purchase-list"
        headerClassName="bg-muted max-md:hidden"
        columns={[
          [t('purchaseHistory.date')],
          [t('purchaseHistory.offer')],
          [t('purchaseHistory.amount'), 'text-end'],
          [t('purchaseHistory.status')],
          [t('purchaseHistory.creditsGranted'), 'text-end'],
          [t('purchaseHistory.receipt'), 'text-end'],
        ]}
      >
        {rows}
      </HistoryTable>
      <Pager page={page} pages={pages} onPage={onPage} />
    </>
  )
}

/**
 * A history in a bordered table: its header row names the columns, each with the classes its cell adds to the
 * shared padding.
 */
function HistoryTable({
  testId,
  headerClassName,
  columns,
  children,
}: {
  testId: string
  headerClassName: string
  columns: readonly (readonly [name: string, className?: string])[]
  children: ReactNode
}) {
  return (
    <div className="overflow-hidden rounded-xl border border-border">
      <Table data-testid={testId}>
        <TableHeader className={headerClassName}>
          <TableRow>
            {columns.map(([name, className]) => (
              <TableHead key={name} scope="col" className={cx('px-4 py-2', className)}>
                {name}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  )
}

/** A purchase's cell: on a phone the cells stack and each says what it is, the header row being left out. */
function LabelledCell({
  label,
  className,
  children,
}: {
  label: string
  className?: string
  children: ReactNode
}) {
  return (
    <TableCell className={cx('flex justify-between gap-3 px-4 py-1 md:table-cell md:py-3', className)}>
      <span className="text-muted-foreground md:hidden">{label}</span>
      {children}
    </TableCell>
  )
}

/**
 * One purchase: a table row on a wide screen; on a phone the same cells stack as a card (each cell says
 * what it is, since the header row is left out there).
 */
function PurchaseRow({ purchase, offers }: { purchase: Purchase; offers: readonly Offer[] | undefined }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  return (
    <TableRow className="flex flex-col py-2 md:table-row md:py-0">
      <LabelledCell label={t('purchaseHistory.date')}>
        <time dateTime={purchase.createdAt}>
          {formatDate(new Date(purchase.createdAt), 'moment', language)}
        </time>
      </LabelledCell>
      <LabelledCell label={t('purchaseHistory.offer')}>
        <span className="text-end md:text-start">
          {offerLabel(t, language, offers, purchase)}
          {purchase.source === 'renewal' ? (
            <span className="ms-2 text-muted-foreground">· {t('purchaseHistory.renewal')}</span>
          ) : null}
        </span>
      </LabelledCell>
      <LabelledCell label={t('purchaseHistory.amount')} className="tabular-nums md:text-end">
        <span>
          {formatPrice(purchase.amount, language, purchase.currency)}{' '}
          <span className="text-muted-foreground">{purchase.currency}</span>
        </span>
      </LabelledCell>
      <LabelledCell label={t('purchaseHistory.status')}>
        <StatusBadge status={purchase.status} />
      </LabelledCell>
      <LabelledCell label={t('purchaseHistory.creditsGranted')} className="tabular-nums md:text-end">
        <span>
          {purchase.credits > 0 ? `+${formatNumber(purchase.credits, language)}` : '0'}
          {purchase.refundedCredits > 0 ? (
            <span className="block text-xs text-muted-foreground">
              {t('purchaseHistory.refundedCredits', { count: purchase.refundedCredits })}
            </span>
          ) : null}
        </span>
      </LabelledCell>
      <LabelledCell label={t('purchaseHistory.receipt')} className="md:text-end">
        <Link
          to={`/purchase-history/${purchase.id}`}
          className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t('purchaseHistory.viewReceipt', { number: purchase.receiptNumber })}
        </Link>
      </LabelledCell>
    </TableRow>
  )
}

const REASONS = ['signup', 'purchase', 'subscription', 'creation', 'refund'] as const

function Credits({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation()
  const list = useQuery(creditHistoryQuery(page, PAGE_SIZE))
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE))
  if (list.isPending) return <ListSkeleton />
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />
  if (list.data.items.length === 0) {
    return (
      <EmptyState icon={<Coins className="size-6" />} title={t('purchaseHistory.credits')}>
        {t('purchaseHistory.creditsEmpty')}
      </EmptyState>
    )
  }
  return (
    <>
      <HistoryTable
        testId="credit-list"
        headerClassName="bg-muted"
        columns={[
          [t('purchaseHistory.description')],
          [t('purchaseHistory.change'), 'text-end'],
          [t('purchaseHistory.balanceAfter'), 'text-end max-sm:hidden'],
        ]}
      >
        {list.data.items.map((entry) => (
          <CreditRow key={entry.id} entry={entry} />
        ))}
      </HistoryTable>
      <Pager page={page} pages={pages} onPage={onPage} />
    </>
  )
}

function CreditRow({ entry }: { entry: CreditEntry }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const reason = (REASONS as readonly string[]).includes(entry.reason) ? entry.reason : 'other'
  const delta = `${entry.delta > 0 ? '+' : ''}${formatNumber(entry.delta, language)}`
  return (
    <TableRow>
      <TableCell className="px-4 py-3">
        <span className="font-medium">{t(`purchaseHistory.reasons.${reason}`)}</span>
        {entry.purchaseId ? (
          <Link
            to={`/purchase-history/${entry.purchaseId}`}
            className="ms-2 rounded-sm text-primary underline-offset-4 hover:underline"
          >
            {t('purchaseHistory.fromPurchase')}
          </Link>
        ) : null}
        <time dateTime={entry.createdAt} className="block text-muted-foreground">
          {formatDate(new Date(entry.createdAt), 'moment', language)}
        </time>
        <span className="block text-muted-foreground sm:hidden">
          {t('purchaseHistory.balanceAfter')}: {formatNumber(entry.balanceAfter, language)}
        </span>
      </TableCell>
      <TableCell
        className={cx(
          'px-4 py-3 text-end align-top font-semibold tabular-nums',
          entry.delta > 0 ? 'text-primary' : 'text-foreground',
        )}
      >
        {delta}
      </TableCell>
      <TableCell className="px-4 py-3 text-end align-top tabular-nums max-sm:hidden">
        {formatNumber(entry.balanceAfter, language)}
      </TableCell>
    </TableRow>
  )
}
