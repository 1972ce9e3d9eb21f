import { useQuery } from '@tanstack/react-query'
import type { TemplateSummary } from '@templet/api'
import { PAGE_SIZE_MAX } from '@templet/api/limits'
import { Skeleton } from '@templet/ui/skeleton'
import { ChevronRight, SearchX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { templateListQuery, templateTypeListQuery } from '../api/queries'
import { EmptyState } from '../components/empty-state'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { SearchBox, useSearchQuery } from '../templates/search-box'
import { StarButton } from '../templates/star-button'
import { TemplateGrid, TemplateGridSkeleton } from '../templates/template-card'

/** How many templates of a type the overview shows before "See all". */
const PER_TYPE = 4

/** `/templates`: each template type with its first templates as thumbnails, a search over all of them. */
export function TemplatesPage() {
  const { t, i18n } = useTranslation()
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const [q, setQ] = useSearchQuery()
  const types = useQuery(templateTypeListQuery())
  // The whole catalogue in one read (it is small: one page of the largest size), grouped by type below; a
  // search reads its matches.
  const templates = useQuery(templateListQuery({ q, pageSize: PAGE_SIZE_MAX }))
  const byType = new Map<number, TemplateSummary[]>()
  for (const template of templates.data?.items ?? []) {
    byType.set(template.typeId, [...(byType.get(template.typeId) ?? []), template])
  }

  return (
    <>
      <PageTitle title={t('templates.title')}>{t('media.templates.intro')}</PageTitle>
      <div className="-mt-2 mb-8">
        <SearchBox label={t('media.templates.search')} value={q} onChange={setQ} />
      </div>
      {types.isPending ? (
        <div className="flex flex-col gap-10">
          {[0, 1].map((n) => (
            <div key={n}>
              <Skeleton className="mb-4 h-6 w-48" />
              <TemplateGridSkeleton />
            </div>
          ))}
        </div>
      ) : types.isError || templates.isError ? (
        <LoadError onRetry={() => void Promise.all([types.refetch(), templates.refetch()])} />
      ) : types.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-muted-foreground">
          {t('templates.empty')}
        </p>
      ) : q && templates.data?.items.length === 0 ? (
        <EmptyState icon={<SearchX className="size-6" />} title={t('media.templates.noMatchTitle')}>
          {t('media.templates.noMatch', { q })}
        </EmptyState>
      ) : (
        <div className="flex flex-col gap-10">
          {types.data.map((type) => {
            const list = byType.get(type.id) ?? []
            if (q && !templates.isPending && list.length === 0) return null
            const name = type.names[locale]
            return (
              <section key={type.id} aria-labelledby={`type-${type.id}`}>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <div className="flex items-center gap-1">
                    <h2 id={`type-${type.id}`} className="text-lg font-semibold">
                      {name}
                    </h2>
                    <StarButton type={type} name={name} />
                  </div>
                  <Link
                    to={`/templates/${type.id}`}
                    className="inline-flex items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline"
                  >
                    {t('media.templates.seeAll', { count: type.templateCount, name })}
                    <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
                  </Link>
                </div>
                {templates.isPending ? (
                  <TemplateGridSkeleton />
                ) : list.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t('media.templates.typeEmpty')}</p>
                ) : (
                  <TemplateGrid templates={q ? list : list.slice(0, PER_TYPE)} locale={locale} />
                )}
              </section>
            )
          })}
        </div>
      )}
    </>
  )
}
