import { useQuery } from '@tanstack/react-query'
import type { UploadListItem } from '@templet/api/contract'
import { Button } from '@templet/ui/button'
import { Skeleton } from '@templet/ui/skeleton'
import { ImageUp, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { UPLOAD_PAGE_SIZE, uploadListQuery, uploadUsageQuery, useDeleteUpload } from '../api/upload-queries'
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog'
import { EmptyState } from '../components/empty-state'
import { LinkButton } from '../components/link-button'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { Pager } from '../components/pager'
import { TilePicture } from '../components/tile-picture'
import { useConfirmedDelete } from '../components/use-confirmed-delete'
import { formatDate, formatNumber } from '../i18n/format'
import { TemplateGridSkeleton } from '../templates/template-card'
import { UploadLabel } from '../uploads/upload-label'

/** Megabytes with one decimal: `12.3`. */
const megabytes = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10

/** How much of the plan's storage the uploads take, and how long unused ones are kept. */
function UsageBar() {
  const { t, i18n } = useTranslation()
  const usage = useQuery(uploadUsageQuery())
  if (usage.isPending) return <Skeleton className="mb-6 h-14 w-full max-w-xl" />
  if (usage.isError) return null
  const { usedBytes, quotaBytes, plan, retentionDays } = usage.data
  const percent = Math.min(100, Math.round((usedBytes / quotaBytes) * 100))
  const used = t('uploads.used', {
    used: megabytes(usedBytes),
    quota: formatNumber(megabytes(quotaBytes), i18n.language),
  })
  return (
    <section aria-label={t('uploads.storage')} className="mb-6 max-w-xl">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium tabular-nums">{used}</span>
        <span className="text-muted-foreground">
          {plan === 'free' ? t('uploads.freePlan') : t('uploads.subscriberPlan')}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('uploads.storage')}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={used}
        className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={percent >= 90 ? 'h-full bg-destructive' : 'h-full bg-primary'}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-xs text-muted-foreground">{t('uploads.retention', { count: retentionDays })}</p>
    </section>
  )
}

/**
 * My uploads (`/uploads`): the caller's photos with their name, id, size and use, each deletable. The name and
 * id are what a bulk CSV's image cell takes.
 */
export function UploadsPage() {
  const { t, i18n } = useTranslation()
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const list = useQuery(uploadListQuery(page))
  const deletion = useConfirmedDelete<UploadListItem>({
    remove: useDeleteUpload(),
    deleted: () => t('uploads.deleted'),
    failed: t('uploads.deleteFailed'),
    afterDelete: () => {
      if (list.data?.items.length === 1 && page > 1) goTo(page - 1)
    },
  })

  function goTo(next: number) {
    setParams(next > 1 ? { page: String(next) } : {})
  }

  return (
    <>
      <PageTitle title={t('uploads.title')}>{t('uploads.intro')}</PageTitle>
      <UsageBar />
      {list.isPending ? (
        <TemplateGridSkeleton />
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={<ImageUp className="size-6" />}
          title={t('uploads.emptyTitle')}
          action={<LinkButton to="/templates">{t('uploads.cta')}</LinkButton>}
        >
          {t('uploads.emptyBody')}
        </EmptyState>
      ) : (
        <>
          <ul data-testid="upload-list" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {list.data.items.map((upload) => (
              <li key={upload.id} className="flex flex-col rounded-xl border border-border p-3">
                <TilePicture
                  src={upload.url}
                  alt={t('uploads.imageAlt', { width: upload.width, height: upload.height })}
                  width={upload.width}
                  height={upload.height}
                />
                <UploadLabel upload={upload} />
                <p className="mt-1 text-xs text-muted-foreground tabular-nums">
                  {formatDate(new Date(upload.createdAt), 'moment', i18n.language)} · {upload.width}×
                  {upload.height} · {t('uploads.size', { size: megabytes(upload.bytes) })}
                </p>
                <p className="text-xs text-muted-foreground">
                  {upload.creations > 0
                    ? t('uploads.usedIn', { count: upload.creations })
                    : t('uploads.unused')}
                </p>
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-2 self-start"
                  onClick={() => deletion.ask(upload)}
                  aria-label={t('uploads.deleteOne', { width: upload.width, height: upload.height })}
                >
                  <Trash2 aria-hidden="true" />
                  {t('uploads.delete')}
                </Button>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={Math.ceil(list.data.total / UPLOAD_PAGE_SIZE)} onPage={goTo} />
        </>
      )}
      <ConfirmDeleteDialog
        open={deletion.doomed !== undefined}
        onCancel={deletion.cancel}
        onConfirm={deletion.confirm}
        pending={deletion.pending}
        title={t('uploads.confirmTitle')}
        description={
          deletion.doomed && deletion.doomed.creations > 0
            ? t('uploads.confirmUsed', { count: deletion.doomed.creations })
            : t('uploads.confirmBody')
        }
        labels={{
          cancel: t('uploads.cancel'),
          confirm: t('uploads.confirmDelete'),
          pending: t('uploads.deleting'),
        }}
      />
    </>
  )
}
