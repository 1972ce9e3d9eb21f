import { useQuery } from '@tanstack/react-query'
import type { Creation } from '@templet/api'
import { Button } from '@templet/ui/button'
import { Skeleton } from '@templet/ui/skeleton'
import { Images, Pencil, SearchX, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { ApiFailureError } from '../api/client'
import { useDeleteCreation } from '../api/mutations'
import { CREATION_PAGE_SIZE, creationListQuery, templateTypeListQuery } from '../api/queries'
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog'
import { EmptyState } from '../components/empty-state'
import { LinkButton } from '../components/link-button'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { DownloadLinks } from '../editor/download-links'
import { notifySuccess, reportError, showToast } from '../feedback/notify'
import { formatDate } from '../i18n/format'
import { Pager } from '../templates/pager'
import { SearchBox, useSearchQuery } from '../templates/search-box'

/** Creation History (`/creation`): the caller's creations, newest first, filtered by type and name. */
export function CreationPage() {
  const { t, i18n } = useTranslation()
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const typeSelect = useId()
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const typeId = Number(params.get('type')) || undefined
  const [q, setQ] = useSearchQuery()
  const types = useQuery(templateTypeListQuery())
  const list = useQuery(creationListQuery({ typeId, q, page }))
  const [doomed, setDoomed] = useState<Creation | undefined>(undefined)
  const remove = useDeleteCreation()
  const filtered = Boolean(q || typeId)

  function setParam(name: string, value: string | undefined) {
    setParams((current) => {
      const out = new URLSearchParams(current)
      if (value) out.set(name, value)
      else out.delete(name)
      if (name !== 'page') out.delete('page')
      return out
    })
  }

  function confirmDelete() {
    if (!doomed) return
    const { id, name } = doomed
    remove.mutate(id, {
      onSuccess: () => {
        setDoomed(undefined)
        notifySuccess(t('media.history.deleted', { name }))
        // The last one of a page gone: the page before it.
        if (list.data?.items.length === 1 && page > 1) setParam('page', String(page - 1))
      },
      onError: (error) => {
        if (error instanceof ApiFailureError) showToast('error', t('media.history.deleteFailed'))
        else reportError(error)
      },
    })
  }

  return (
    <>
      <PageTitle title={t('creation.title')} />
      <div className="-mt-2 mb-6 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={typeSelect} className="sr-only">
          {t('media.history.type')}
        </label>
        <select
          id={typeSelect}
          value={typeId ?? ''}
          onChange={(event) => setParam('type', event.target.value || undefined)}
          className="h-10 rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-ring"
        >
          <option value="">{t('media.history.allTypes')}</option>
          {types.data?.map((type) => (
            <option key={type.id} value={type.id}>
              {type.names[locale]}
            </option>
          ))}
        </select>
        <SearchBox label={t('media.history.search')} value={q} onChange={setQ} />
      </div>
      {list.isPending ? (
        <ul aria-busy="true" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((n) => (
            <li key={n}>
              <Skeleton className="aspect-square" />
              <Skeleton className="mt-2 h-4 w-2/3" />
            </li>
          ))}
        </ul>
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <EmptyState icon={<SearchX className="size-6" />} title={t('media.history.noMatchTitle')}>
            {t('media.history.noMatch')}
          </EmptyState>
        ) : (
          <EmptyState
            icon={<Images className="size-6" />}
            title={t('creation.emptyTitle')}
            action={<LinkButton to="/templates">{t('creation.cta')}</LinkButton>}
          >
            {t('creation.emptyBody')}
          </EmptyState>
        )
      ) : (
        <>
          <ul
            data-testid="creation-list"
            className="grid grid-cols-1 gap-5 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          >
            {list.data.items.map((creation) => (
              <li key={creation.id} className="flex flex-col rounded-xl border border-border p-3">
                <div className="grid aspect-square place-items-center overflow-hidden rounded-lg bg-muted">
                  <img
                    src={creation.thumbnailUrl}
                    alt={creation.name}
                    width={creation.width}
                    height={creation.height}
                    loading="lazy"
                    className="h-auto max-h-full w-auto max-w-full"
                  />
                </div>
                <h2 className="mt-3 truncate font-medium">{creation.name}</h2>
                <p className="text-xs text-muted-foreground tabular-nums">
                  {formatDate(new Date(creation.createdAt), 'moment', i18n.language)} · {creation.width}×
                  {creation.height}
                </p>
                <div className="mt-3">
                  <DownloadLinks creation={creation} compact />
                </div>
                <div className="mt-2 flex flex-wrap gap-2">
                  <LinkButton to={`/creation/${creation.id}/edit`} variant="outline" size="sm">
                    <Pencil aria-hidden="true" />
                    {t('media.history.reopen')}
                  </LinkButton>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setDoomed(creation)}
                    aria-label={t('media.history.deleteNamed', { name: creation.name })}
                  >
                    <Trash2 aria-hidden="true" />
                    {t('media.history.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pages={Math.ceil(list.data.total / CREATION_PAGE_SIZE)}
            onPage={(next) => setParam('page', String(next))}
          />
        </>
      )}
      <ConfirmDeleteDialog
        open={doomed !== undefined}
        onCancel={() => setDoomed(undefined)}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        title={t('media.history.confirmTitle')}
        description={t('media.history.confirmBody', { name: doomed?.name ?? '' })}
        labels={{
          cancel: t('media.history.cancel'),
          confirm: t('media.history.confirmDelete'),
          pending: t('media.history.deleting'),
        }}
      />
    </>
  )
}
