import { useQuery } from '@tanstack/react-query'
import { SearchX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router'
import { TEMPLATE_PAGE_SIZE, templateListQuery, templateTypeListQuery } from '../api/queries'
import { EmptyState } from '../components/empty-state'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { Pager } from '../components/pager'
import { BackToTemplates } from '../templates/back-to-templates'
import { SearchBox, useSearchQuery } from '../templates/search-box'
import { StarButton } from '../templates/star-button'
import { TemplateGrid, TemplateGridSkeleton } from '../templates/template-card'

/** `/templates/:typeId`: every template of one type, searchable, in pages. */
export function TemplateTypePage() {
  const { t, i18n } = useTranslation()
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const raw = useParams().typeId ?? ''
  const typeId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const [q, setQ] = useSearchQuery()
  const types = useQuery(templateTypeListQuery())
  const templates = useQuery({ ...templateListQuery({ typeId, q, page }), enabled: typeId > 0 })
  const type = types.data?.find((candidate) => candidate.id === typeId)
  const name = type?.names[locale]

  if (types.isSuccess && !type) {
    return (
      <EmptyState
        icon={<SearchX className="size-6" />}
        title={t('notFound.title')}
        action={
          <Link to="/templates" className="text-primary underline">
            {t('media.templates.back')}
          </Link>
        }
      >
        {t('media.templates.typeNotFound')}
      </EmptyState>
    )
  }

  return (
    <>
      <BackToTemplates />
      <PageTitle title={name ?? t('templates.title')}>
        {type ? t('templates.templateCount', { count: type.templateCount }) : t('app.loading')}
      </PageTitle>
      <div className="-mt-2 mb-8 flex flex-wrap items-center gap-2">
        <SearchBox label={t('media.templates.searchIn', { name: name ?? '' })} value={q} onChange={setQ} />
        {type && name ? <StarButton type={type} name={name} /> : null}
      </div>
      {templates.isPending ? (
        <TemplateGridSkeleton count={8} />
      ) : templates.isError ? (
        <LoadError onRetry={() => void templates.refetch()} />
      ) : templates.data.items.length === 0 ? (
        <EmptyState icon={<SearchX className="size-6" />} title={t('media.templates.noMatchTitle')}>
          {q ? t('media.templates.noMatch', { q }) : t('media.templates.typeEmpty')}
        </EmptyState>
      ) : (
        <>
          <TemplateGrid templates={templates.data.items} locale={locale} />
          <Pager
            page={page}
            pages={Math.ceil(templates.data.total / TEMPLATE_PAGE_SIZE)}
            onPage={(next) =>
              setParams((current) => {
                const out = new URLSearchParams(current)
                out.set('page', String(next))
                return out
              })
            }
          />
        </>
      )}
    </>
  )
}
