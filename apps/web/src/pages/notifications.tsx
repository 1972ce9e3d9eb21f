import { useQuery } from '@tanstack/react-query'
import type { Notification } from '@templet/api/contract'
import { Button } from '@templet/ui/button'
import { Skeleton } from '@templet/ui/skeleton'
import { BellOff, Check, CheckCheck } from 'lucide-react'
import type { MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mutations'
import {
  myNotificationQuery,
  type NotificationFilter,
  templateDetailQuery,
  unreadCountQuery,
} from '../api/queries'
import { cx } from '../components/cx'
import { EmptyState } from '../components/empty-state'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { Pager } from '../components/pager'
import { notifySuccess } from '../feedback/notify'
import { formatDate } from '../i18n/format'
import { notificationTarget, notificationText, targetHref } from '../notifications/notification-text'
import { switchTeam } from '../teams/switch-team'

const PAGE_SIZE = 10
const filters: readonly NotificationFilter[] = ['all', 'unread', 'read']

export function NotificationsPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const filter = filters.find((f) => f === params.get('filter')) ?? 'all'
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const list = useQuery(myNotificationQuery(filter, page, PAGE_SIZE))
  const { data: unread = 0 } = useQuery(unreadCountQuery())
  const markRead = useMarkNotificationRead()
  const markAllRead = useMarkAllNotificationsRead()
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE))

  function go(next: { filter?: NotificationFilter; page?: number }) {
    const f = next.filter ?? filter
    const p = next.page ?? 1
    const search = new URLSearchParams()
    if (f !== 'all') search.set('filter', f)
    if (p > 1) search.set('page', String(p))
    setParams(search)
  }

  const emptyText =
    filter === 'unread'
      ? t('notifications.emptyUnread')
      : filter === 'read'
        ? t('notifications.emptyRead')
        : t('notifications.emptyAll')

  return (
    <>
      <PageTitle
        title={t('notifications.title')}
        actions={
          <Button
            variant="outline"
            onClick={() =>
              markAllRead.mutate(undefined, { onSuccess: () => notifySuccess(t('notifications.allRead')) })
            }
            disabled={markAllRead.isPending || unread === 0}
          >
            <CheckCheck aria-hidden="true" />
            {t('notifications.markAllRead')}
          </Button>
        }
      />
      <fieldset className="mb-4 inline-flex rounded-lg border border-border p-1">
        <legend className="sr-only">{t('notifications.filter')}</legend>
        {filters.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={f === filter}
            onClick={() => go({ filter: f })}
            className={cx(
              'h-8 rounded-md px-3 text-sm font-medium',
              f === filter
                ? 'bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:bg-accent hover:text-foreground',
            )}
          >
            {t(`notifications.${f}`)}
          </button>
        ))}
      </fieldset>

      {list.isPending ? (
        <ul aria-busy="true" className="flex flex-col gap-3">
          {[0, 1, 2].map((n) => (
            <li key={n}>
              <Skeleton className="h-24" />
            </li>
          ))}
        </ul>
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={<BellOff className="size-6" />}
          title={filter === 'unread' ? t('notification.emptyUnreadTitle') : t('notifications.title')}
        >
          {emptyText}
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-3" data-testid="notification-list">
            {list.data.items.map((item) => (
              <NotificationItem key={item.id} item={item} onRead={() => markRead.mutate(item.id)} />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={(next) => go({ page: next })} />
        </>
      )}
    </>
  )
}

/** A click that opens a link in this tab: the main button, no key held for a new tab or window. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/**
 * One notification, written in the reader's language from its type and parameters. Its title opens it (the
 * whole card is the link's target area): it is marked read and the app goes where it points.
 */
function NotificationItem({ item, onRead }: { item: Notification; onRead: () => void }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const templateId = item.type === 'creation_ready' ? item.params.templateId : 0
  const template = useQuery({ ...templateDetailQuery(templateId), enabled: templateId > 0 })
  const { title, body } = notificationText(item, {
    t,
    language: i18n.language,
    templateName: template.data?.names[locale],
  })
  const target = notificationTarget(item)
  const navigate = useNavigate()
  const unread = item.check === 0
  return (
    <li
      className={cx(
        'relative flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-start sm:justify-between',
        unread ? 'border-primary/40 bg-primary/5' : 'border-border',
        target ? 'hover:border-primary/60' : undefined,
      )}
    >
      <div className="min-w-0">
        <h2 className="flex flex-wrap items-center gap-2 font-semibold break-words">
          {unread ? (
            <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
              {t('notifications.unreadLabel')}
            </span>
          ) : null}
          {target ? (
            <Link
              to={targetHref(target)}
              onClick={(event) => {
                if (unread) onRead()
                // Opened here (not in a new tab): the tab moves to the workspace the page is in first.
                if (target.team === undefined || !isPlainClick(event)) return
                event.preventDefault()
                switchTeam(target.team === null ? undefined : String(target.team))
                void navigate(target.path)
              }}
              className="rounded-sm after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        <p className="mt-1 break-words text-muted-foreground">{body}</p>
        <p className="mt-2 text-sm text-muted-foreground">
          <time dateTime={item.createdAt}>
            {formatDate(new Date(item.createdAt), 'moment', i18n.language)}
          </time>
        </p>
      </div>
      {unread ? (
        <Button variant="ghost" size="sm" onClick={onRead} className="relative z-10 self-start">
          <Check aria-hidden="true" />
          {t('notifications.markRead')}
        </Button>
      ) : null}
    </li>
  )
}
