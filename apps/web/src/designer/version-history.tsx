import { useQuery } from '@tanstack/react-query'
import type { Template } from '@templet/template'
import { Button } from '@templet/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@templet/ui/dialog'
import { BadgeCheck, History, RotateCcw } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  TEMPLATE_VERSIONS_PAGE_SIZE,
  templateDocumentQuery,
  templateVersionsQuery,
} from '../api/template-library-queries'
import { useApproveVersion, useMayApprove } from '../approvals/approvals-api'
import { ApprovedBadge } from '../approvals/approved-badge'
import { LoadError } from '../components/load-error'
import { Pager } from '../components/pager'
import { RowsSkeleton } from '../components/rows-skeleton'
import { CanvasPreview } from '../editor/canvas-preview'
import { notifySuccess, reportError } from '../feedback/notify'
import { formatDate } from '../i18n/format'

/**
 * "History" beside Save: every saved version of the template, latest first, each shown as its sample values
 * draw it; restoring one brings its document into the designer as a change (undone like any other, kept by the
 * next save as a new version), so nothing saved is ever overwritten. An approved version says so, by whom and
 * when; the workspace's owner (a team's owner and admins) approves the version shown, or withdraws its approval.
 */
export function VersionHistoryButton(p: {
  id: number
  /** The version the designer was opened from or last saved. */
  current: number
  onRestore: (document: Template, version: number) => void
}) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <History aria-hidden="true" />
        {t('designer.history.button')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent closeLabel={t('app.close')} className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>{t('designer.history.title')}</DialogTitle>
            <DialogDescription>{t('designer.history.body')}</DialogDescription>
          </DialogHeader>
          {open ? (
            <VersionList
              {...p}
              onRestore={(document, version) => {
                setOpen(false)
                p.onRestore(document, version)
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  )
}

function VersionList(p: Parameters<typeof VersionHistoryButton>[0]) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const [page, setPage] = useState(1)
  const [picked, setPicked] = useState<number>(p.current)
  const list = useQuery(templateVersionsQuery(p.id, page))
  const doc = useQuery(templateDocumentQuery(p.id, picked))
  const mayApprove = useMayApprove()
  const approve = useApproveVersion()
  if (list.isPending) return <RowsSkeleton rowClassName="h-12" gap="gap-2" />
  if (list.isError) return <LoadError onRetry={() => void list.refetch()} />
  /** The version shown, as listed (with its approval), when it is on the page listed. */
  const shown = list.data.items.find((v) => v.version === picked)
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
      <div>
        <ul aria-label={t('designer.history.title')} className="flex flex-col gap-1">
          {list.data.items.map((v) => (
            <li key={v.version}>
              <button
                type="button"
                aria-pressed={picked === v.version}
                onClick={() => setPicked(v.version)}
                className="flex w-full flex-col rounded-md px-3 py-2 text-start text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring aria-pressed:bg-muted aria-pressed:font-medium"
              >
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  {t('designer.history.version', { version: v.version })}
                  {v.version === p.current ? ` · ${t('designer.history.current')}` : ''}
                  {v.approvedAt ? <ApprovedBadge /> : null}
                </span>
                <span className="text-xs text-muted-foreground">
                  {formatDate(new Date(v.createdAt), 'moment', i18n.language)}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <Pager
          page={page}
          pages={Math.ceil(list.data.total / TEMPLATE_VERSIONS_PAGE_SIZE)}
          onPage={setPage}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex aspect-square max-h-80 items-center justify-center overflow-hidden rounded-md border border-border bg-muted">
          {doc.data ? (
            <CanvasPreview
              document={doc.data.document}
              values={doc.data.document.samples[locale]}
              valueLanguages={{}}
              sizeId={undefined}
              locale={locale}
              alt={t('designer.history.version', { version: picked })}
            />
          ) : doc.isError ? (
            <LoadError onRetry={() => void doc.refetch()} />
          ) : (
            <span className="text-sm text-muted-foreground">{t('designer.history.loading')}</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={!doc.data || picked === p.current}
            onClick={() => doc.data && p.onRestore(doc.data.document, picked)}
          >
            <RotateCcw aria-hidden="true" />
            {t('designer.history.restore', { version: picked })}
          </Button>
          {mayApprove && shown ? (
            <Button
              variant="outline"
              onClick={() =>
                !approve.isPending &&
                approve.mutate(
                  { id: p.id, version: shown.version, approved: !shown.approvedAt },
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
              {shown.approvedAt ? null : <BadgeCheck aria-hidden="true" />}
              {shown.approvedAt
                ? t('approvals.withdraw')
                : t('approvals.approve', { version: shown.version })}
            </Button>
          ) : null}
        </div>
        {shown ? (
          <p className="text-sm text-muted-foreground" data-testid="version-approval">
            {shown.approvedAt
              ? shown.approvedBy
                ? t('approvals.approvedBy', {
                    name: shown.approvedBy.name,
                    when: formatDate(new Date(shown.approvedAt), 'moment', i18n.language),
                  })
                : t('approvals.approvedByGone', {
                    when: formatDate(new Date(shown.approvedAt), 'moment', i18n.language),
                  })
              : `${t('approvals.notApproved')}${mayApprove ? '' : ` · ${t('approvals.whoMay')}`}`}
          </p>
        ) : null}
      </div>
    </div>
  )
}
