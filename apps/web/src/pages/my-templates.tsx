import { useQuery } from '@tanstack/react-query'
import type { OwnTemplateSummary } from '@templet/api/contract'
import { Button } from '@templet/ui/button'
import { BadgeCheck, LayoutTemplate, Palette, Pencil, Share2, Trash2 } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { ApiFailureError } from '../api/client'
import {
  MY_TEMPLATES_PAGE_SIZE,
  templateMineQuery,
  useDeleteTemplate,
  useRenameTemplate,
} from '../api/template-library-queries'
import { useApproveVersion, useMayApprove } from '../approvals/approvals-api'
import { ApprovedBadge } from '../approvals/approved-badge'
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog'
import { EmptyState } from '../components/empty-state'
import { FormDialog } from '../components/form-dialog'
import { LinkButton } from '../components/link-button'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { Pager } from '../components/pager'
import { TilePicture } from '../components/tile-picture'
import { useConfirmedDelete } from '../components/use-confirmed-delete'
import { NewDesignButton } from '../designer/new-design'
import { notifySuccess, reportError } from '../feedback/notify'
import { formatDate } from '../i18n/format'
import { ShareDialog } from '../review/share-dialog'
import { SearchBox, useSearchQuery } from '../templates/search-box'
import { TemplateGridSkeleton } from '../templates/template-card'

function RenameDialog({
  template,
  onClose,
}: {
  template: OwnTemplateSummary | undefined
  onClose: () => void
}) {
  const { t } = useTranslation()
  const rename = useRenameTemplate()
  const inputId = useId()
  const [error, setError] = useState<string | undefined>(undefined)

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    if (!template) return
    const name = String(new FormData(e.currentTarget).get('name') ?? '').trim()
    if (!name) {
      setError(t('designer.page.nameRequired'))
      return
    }
    try {
      await rename.mutateAsync({ id: template.id, name })
      notifySuccess(t('designer.mine.renamed'))
      onClose()
    } catch (err) {
      if (err instanceof ApiFailureError) setError(err.code === 409 ? t('designer.page.conflict') : err.msg)
      else reportError(err)
    }
  }

  return (
    <FormDialog
      open={template !== undefined}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      title={t('designer.mine.renameTitle')}
      description={t('designer.mine.renameBody')}
      pending={rename.isPending}
      labels={{
        cancel: t('designer.mine.cancel'),
        submit: t('designer.mine.rename'),
        pending: t('designer.page.saving'),
      }}
    >
      <div className="mt-4 flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('designer.page.name')}
        </label>
        <input
          id={inputId}
          name="name"
          defaultValue={template?.name}
          maxLength={80}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="h-10 rounded-md border border-input bg-background px-3"
        />
        {error ? (
          <p id={`${inputId}-error`} className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </FormDialog>
  )
}

/** Approves a design's current version, or withdraws the approval when it is the one approved. */
function ApproveCurrent({ template }: { template: OwnTemplateSummary }) {
  const { t } = useTranslation()
  const approve = useApproveVersion()
  const approved = template.approvedVersion === template.version
  const vars = { version: template.version, name: template.name }
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={t(approved ? 'approvals.withdrawOne' : 'approvals.approveOne', vars)}
      // Not disabled while sent, so a keyboard's focus stays on it; a press meanwhile is ignored.
      onClick={() =>
        !approve.isPending &&
        approve.mutate(
          { id: template.id, version: template.version, approved: !approved },
          {
            onSuccess: (v) =>
              notifySuccess(
                t(v.approvedAt ? 'approvals.approvedDone' : 'approvals.withdrawnDone', {
                  version: v.version,
                }),
              ),
            onError: reportError,
          },
        )
      }
    >
      <BadgeCheck aria-hidden="true" />
      {approved ? t('approvals.withdraw') : t('approvals.approveShort')}
    </Button>
  )
}

/**
 * My templates (`/templates/mine`): the caller's own templates, latest change first, searchable by name; each
 * opens in the designer, and can be renamed or deleted (creations made from it keep re-opening), and says which of
 * its versions is approved (approved or withdrawn here by who may). A new one starts blank ("New design") or as a
 * copy of a catalogue template.
 */
export function MyTemplatesPage() {
  const { t, i18n } = useTranslation()
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const [q, setQ] = useSearchQuery()
  const list = useQuery(templateMineQuery({ q, page }))
  const [renaming, setRenaming] = useState<OwnTemplateSummary | undefined>(undefined)
  const [sharing, setSharing] = useState<OwnTemplateSummary | undefined>(undefined)
  const mayApprove = useMayApprove()
  const deletion = useConfirmedDelete<OwnTemplateSummary>({
    remove: useDeleteTemplate(),
    deleted: () => t('designer.mine.deleted'),
    failed: t('designer.mine.deleteFailed'),
    afterDelete: () => {
      if (list.data?.items.length === 1 && page > 1) goTo(page - 1)
    },
  })

  function goTo(next: number) {
    const nextParams = new URLSearchParams(params)
    if (next > 1) nextParams.set('page', String(next))
    else nextParams.delete('page')
    setParams(nextParams)
  }

  return (
    <>
      <PageTitle
        title={t('designer.mine.title')}
        actions={
          <>
            <LinkButton to="/brand-kit" variant="outline">
              <Palette aria-hidden="true" />
              {t('designer.brand.title')}
            </LinkButton>
            <LinkButton to="/templates" variant="outline">
              {t('designer.mine.fromCatalogue')}
            </LinkButton>
            <NewDesignButton />
          </>
        }
      >
        {t('designer.mine.intro')}
      </PageTitle>
      <div className="mb-6 max-w-md">
        <SearchBox label={t('designer.mine.search')} value={q} onChange={setQ} />
      </div>
      {list.isPending ? (
        <TemplateGridSkeleton />
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          icon={<LayoutTemplate className="size-6" />}
          title={q ? t('designer.mine.noMatchTitle') : t('designer.mine.emptyTitle')}
          action={
            q ? undefined : (
              <div className="flex flex-wrap justify-center gap-2">
                <NewDesignButton />
                <LinkButton to="/templates" variant="outline">
                  {t('designer.mine.fromCatalogue')}
                </LinkButton>
              </div>
            )
          }
        >
          {q ? t('designer.mine.noMatchBody', { q }) : t('designer.mine.emptyBody')}
        </EmptyState>
      ) : (
        <>
          <ul data-testid="my-templates" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {list.data.items.map((template) => (
              <li key={template.id} className="flex flex-col rounded-xl border border-border p-3">
                <Link
                  to={`/templates/${template.id}/design`}
                  className="group flex flex-col gap-2 rounded-lg focus-visible:outline-2"
                >
                  <TilePicture
                    src={template.thumbnailUrl}
                    alt=""
                    width={template.width}
                    height={template.height}
                  />
                  <span className="truncate font-medium group-hover:underline">{template.name}</span>
                </Link>
                <p className="text-xs text-muted-foreground tabular-nums">
                  {t('designer.mine.detail', {
                    version: template.version,
                    when: formatDate(new Date(template.updatedAt), 'moment', i18n.language),
                  })}
                </p>
                {template.approvedVersion !== null ? (
                  <div className="mt-1">
                    <ApprovedBadge version={template.approvedVersion} />
                  </div>
                ) : null}
                <div className="mt-2 flex flex-wrap gap-1">
                  <LinkButton variant="ghost" size="sm" to={`/templates/${template.id}/edit`}>
                    {t('designer.mine.use')}
                  </LinkButton>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setRenaming(template)}
                    aria-label={t('designer.mine.renameOne', { name: template.name })}
                  >
                    <Pencil aria-hidden="true" />
                    {t('designer.mine.rename')}
                  </Button>
                  {mayApprove ? <ApproveCurrent template={template} /> : null}
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setSharing(template)}
                    aria-label={t('review.shareOne', { name: template.name })}
                  >
                    <Share2 aria-hidden="true" />
                    {t('review.share')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => deletion.ask(template)}
                    aria-label={t('designer.mine.deleteOne', { name: template.name })}
                  >
                    <Trash2 aria-hidden="true" />
                    {t('designer.mine.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={Math.ceil(list.data.total / MY_TEMPLATES_PAGE_SIZE)} onPage={goTo} />
        </>
      )}
      <RenameDialog template={renaming} onClose={() => setRenaming(undefined)} />
      <ShareDialog template={sharing} onClose={() => setSharing(undefined)} />
      <ConfirmDeleteDialog
        open={deletion.doomed !== undefined}
        onCancel={deletion.cancel}
        onConfirm={deletion.confirm}
        pending={deletion.pending}
        title={t('designer.mine.deleteTitle', { name: deletion.doomed?.name ?? '' })}
        description={t('designer.mine.deleteBody')}
        labels={{
          cancel: t('designer.mine.cancel'),
          confirm: t('designer.mine.delete'),
          pending: t('designer.mine.deleting'),
        }}
      />
    </>
  )
}
