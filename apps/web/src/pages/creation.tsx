import { useQuery } from '@tanstack/react-query'
import type { Creation } from '@templet/api'
import { Button } from '@templet/ui/button'
import { Images, Pencil, SearchX, TextCursorInput, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useDeleteCreation } from '../api/mutations'
import {
  CREATION_PAGE_SIZE,
  type CreationSort,
  creationListQuery,
  templateTypeListQuery,
} from '../api/queries'
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog'
import { EmptyState } from '../components/empty-state'
import { LinkButton } from '../components/link-button'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { Pager } from '../components/pager'
import { TilePicture } from '../components/tile-picture'
import { useConfirmedDelete } from '../components/use-confirmed-delete'
import { RenameCreationDialog } from '../creations/rename-creation-dialog'
import { DownloadLinks } from '../editor/download-links'
import { formatDate } from '../i18n/format'
import { SearchBox, useSearchQuery } from '../templates/search-box'
import { TemplateGridSkeleton } from '../templates/template-card'

const SORTS: readonly CreationSort[] = ['newest', 'oldest', 'name']
const sortOf = (value: string | null): CreationSort => SORTS.find((s) => s === value) ?? 'newest'

/**
 * Creation History (`/creation`): the caller's creations, filtered by type, searched by words of their names and
 * typed text, newest first, oldest first or by name. The filters live in the URL (`?type=&q=&sort=&page=`), so
 * a searched list survives a reload and can be shared.
 */
export function CreationPage() {
  const { t, i18n } = useTranslation()
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const typeSelect = useId()
  const sortSelect = useId()
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const typeId = Number(params.get('type')) || undefined
  const sort = sortOf(params.get('sort'))
  const [q, setQ] = useSearchQuery()
  const types = useQuery(templateTypeListQuery())
  const list = useQuery(creationListQuery({ typeId, q, sort, page }))
  const [renaming, setRenaming] = useState<Creation | undefined>(undefined)
  const deletion = useConfirmedDelete<Creation>({
    remove: useDeleteCreation(),
    deleted: (creation) => t('media.history.deleted', { name: creation.name }),
    failed: t('media.history.deleteFailed'),
    afterDelete: () => {
      // The last one of a page gone: the page before it.
      if (list.data?.items.length === 1 && page > 1) setParam('page', String(page - 1))
    },
  })
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
        <label htmlFor={sortSelect} className="sr-only">
          {t('media.history.sort')}
        </label>
        <select
          id={sortSelect}
          value={sort}
          onChange={(event) =>
            setParam('sort', event.target.value === 'newest' ? undefined : event.target.value)
          }
          className="h-10 rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-ring sm:ms-auto"
        >
          {SORTS.map((value) => (
            <option key={value} value={value}>
              {t(`media.history.sorts.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <p aria-live="polite" className="sr-only">
        {list.data && q ? t('media.history.found', { count: list.data.total, q }) : ''}
      </p>
      {list.isPending ? (
        <TemplateGridSkeleton />
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={<SearchX className="size-6" />}
            title={t('media.history.noMatchTitle')}
            action={
              <Button variant="outline" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                {t('media.history.clearSearch')}
              </Button>
            }
          >
            {q ? t('media.history.noMatchQuery', { q }) : t('media.history.noMatch')}
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
                <TilePicture
                  src={creation.thumbnailUrl}
                  alt={creation.name}
                  width={creation.width}
                  height={creation.height}
                />
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
                    onClick={() => setRenaming(creation)}
                    aria-label={t('media.rename.named', { name: creation.name })}
                  >
                    <TextCursorInput aria-hidden="true" />
                    {t('media.rename.action')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => deletion.ask(creation)}
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
      <RenameCreationDialog creation={renaming} onClose={() => setRenaming(undefined)} />
      <ConfirmDeleteDialog
        open={deletion.doomed !== undefined}
        onCancel={deletion.cancel}
        onConfirm={deletion.confirm}
        pending={deletion.pending}
        title={t('media.history.confirmTitle')}
        description={t('media.history.confirmBody', { name: deletion.doomed?.name ?? '' })}
        labels={{
          cancel: t('media.history.cancel'),
          confirm: t('media.history.confirmDelete'),
          pending: t('media.history.deleting'),
        }}
      />
    </>
  )
}
