import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { CreationDetail, TemplateDetail } from '@templet/api'
import { fieldKinds } from '@templet/template'
import { Skeleton } from '@templet/ui/skeleton'
import { FileQuestion, FileX, Layers } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { ApiFailureError } from '../api/client'
import { creationDetailQuery, templateDetailQuery, uploadDetailQuery } from '../api/queries'
import { EmptyState } from '../components/empty-state'
import { LinkButton } from '../components/link-button'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { CustomiseButton } from '../designer/customise-button'
import { readDraft } from '../editor/draft'
import { Editor } from '../editor/editor'
import { formatDate } from '../i18n/format'
import { BackToTemplates } from '../templates/back-to-templates'

function EditorSkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-5">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-16" />
        ))}
      </div>
      <Skeleton className="aspect-square order-first lg:order-last" />
    </div>
  )
}

/** An unknown (or someone else's) template or creation. */
function NotFoundHere() {
  const { t } = useTranslation()
  return (
    <EmptyState
      icon={<FileQuestion className="size-6" />}
      title={t('notFound.title')}
      action={<LinkButton to="/templates">{t('media.templates.back')}</LinkButton>}
    >
      {t('media.editor.notFound')}
    </EmptyState>
  )
}

const is404 = (error: unknown) => error instanceof ApiFailureError && error.code === 404

/** When the caller's creation was deleted, if the 404 says it was one of theirs that they deleted. */
function deletedAt(error: unknown): string | undefined {
  if (!(error instanceof ApiFailureError) || error.code !== 404 || error.data.deleted !== true)
    return undefined
  return typeof error.data.deletedAt === 'string' ? error.data.deletedAt : undefined
}

/** A link (a notification, a bookmark) to a creation the caller deleted: it says so, and when. */
function DeletedCreation({ at }: { at: string }) {
  const { t, i18n } = useTranslation()
  return (
    <>
      <PageTitle title={t('media.deletedCreation.title')} />
      <EmptyState
        icon={<FileX className="size-6" />}
        title={t('media.deletedCreation.when', { date: formatDate(new Date(at), 'long', i18n.language) })}
        action={<LinkButton to="/creation">{t('media.deletedCreation.cta')}</LinkButton>}
      >
        {t('media.deletedCreation.body')}
      </EmptyState>
    </>
  )
}

/** A creation's values for the editor: an image whose upload is gone is left empty. */
function reopenedValues(creation: CreationDetail, template: TemplateDetail): Record<string, string> {
  const values = { ...creation.values }
  for (const field of template.fields) {
    if (fieldKinds.takesUpload(field) && values[field.key] && !creation.uploads[field.key])
      values[field.key] = ''
  }
  return values
}

const idOf = (raw: string | undefined) => (raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined)

/** `/templates/:templateId/edit`: a template with the tab's draft of it, or its defaults. */
export function TemplateEditorPage() {
  const { t, i18n } = useTranslation()
  const templateId = idOf(useParams().templateId)
  const template = useQuery({ ...templateDetailQuery(templateId ?? 0), enabled: templateId !== undefined })
  if (templateId === undefined || is404(template.error)) return <NotFoundHere />
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  return (
    <>
      <BackToTemplates />
      <PageTitle
        title={template.data ? template.data.names[locale] : t('media.editor.title')}
        actions={
          <>
            <LinkButton to={`/bulk?template=${templateId}`} variant="outline">
              <Layers aria-hidden="true" />
              {t('nav.bulk')}
            </LinkButton>
            {template.data ? (
              <CustomiseButton templateId={template.data.id} readOnly={template.data.readOnly} />
            ) : null}
          </>
        }
      />
      {template.isPending ? (
        <EditorSkeleton />
      ) : template.isError ? (
        <LoadError onRetry={() => void template.refetch()} />
      ) : (
        <Editor
          key={`${template.data.id}-${locale}`}
          template={template.data}
          initial={readDraft(template.data.id) ?? { values: {} }}
          returnTo={`/templates/${template.data.id}/edit`}
        />
      )}
    </>
  )
}

/** `/creation/:creationId/edit`: a creation opened again with its template, values and size. */
export function CreationEditorPage() {
  const { t, i18n } = useTranslation()
  const creationId = idOf(useParams().creationId)
  const creation = useQuery({ ...creationDetailQuery(creationId ?? 0), enabled: creationId !== undefined })
  const queryClient = useQueryClient()
  // The uploads came with the creation: the image fields show them without asking again. Put in the cache
  // before the editor mounts (nothing observes these keys yet), so its first render finds them.
  for (const upload of Object.values(creation.data?.uploads ?? {})) {
    const { queryKey } = uploadDetailQuery(upload.id)
    if (queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, upload)
  }
  const templateId = creation.data?.templateId
  const template = useQuery({
    ...templateDetailQuery(templateId ?? 0, creation.data?.templateVersion),
    enabled: templateId !== undefined,
  })
  const deleted = deletedAt(creation.error)
  if (deleted) return <DeletedCreation at={deleted} />
  if (creationId === undefined || is404(creation.error) || is404(template.error)) return <NotFoundHere />
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const failed = creation.isError || template.isError
  return (
    <>
      <BackToTemplates />
      <PageTitle title={creation.data ? creation.data.name : t('media.editor.title')} />
      {failed ? (
        <LoadError onRetry={() => void (creation.isError ? creation.refetch() : template.refetch())} />
      ) : !creation.data || !template.data ? (
        <EditorSkeleton />
      ) : (
        <Editor
          key={`${creation.data.id}-${locale}`}
          template={template.data}
          initial={{
            values: reopenedValues(creation.data, template.data),
            sizeId: creation.data.sizeId,
            languages: creation.data.valueLanguages,
          }}
          returnTo={`/templates/${template.data.id}/edit`}
        />
      )}
    </>
  )
}
