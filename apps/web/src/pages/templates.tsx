import { useQuery } from '@tanstack/react-query'
import type { TemplateType } from '@templet/api'
import { Skeleton } from '@templet/ui'
import { Star } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiFailureError } from '../api/client'
import { useStarTemplateType } from '../api/mutations'
import { templateTypeListQuery } from '../api/queries'
import { cx } from '../components/cx'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { reportError, showToast } from '../feedback/notify'

export function TemplatesPage() {
  const { t } = useTranslation()
  const types = useQuery(templateTypeListQuery())
  const star = useStarTemplateType()

  /** Optimistic (see useStarTemplateType); a refusal puts the star back and says so. */
  function toggleStar(type: TemplateType) {
    // One change per type at a time: a second click waits for the first answer.
    if (star.isPending && star.variables.id === type.id) return
    star.mutate(type, {
      onError: (error) => {
        if (error instanceof ApiFailureError) showToast('error', t('templates.starFailed'))
        else reportError(error)
      },
    })
  }

  return (
    <>
      <PageTitle title={t('templates.title')}>{t('templates.intro')}</PageTitle>
      {types.isPending ? (
        <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((n) => (
            <Skeleton key={n} className="h-28" />
          ))}
        </div>
      ) : types.isError ? (
        <LoadError onRetry={() => void types.refetch()} />
      ) : types.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-muted-foreground">
          {t('templates.empty')}
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {types.data.map((type) => (
            <li
              key={type.id}
              className="flex items-start justify-between gap-3 rounded-xl border border-border p-5"
            >
              <div className="min-w-0">
                <h2 className="font-semibold break-words">{type.name}</h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  {t('templates.templateCount', { count: type.templateCount })}
                </p>
                <p className="mt-0.5 text-sm text-muted-foreground">
                  {t('templates.stars', { count: type.stars })}
                </p>
              </div>
              <button
                type="button"
                aria-pressed={type.starred}
                aria-label={
                  type.starred
                    ? t('templates.unstar', { name: type.name })
                    : t('templates.star', { name: type.name })
                }
                onClick={() => toggleStar(type)}
                className={cx(
                  'grid size-10 shrink-0 place-items-center rounded-full hover:bg-accent',
                  type.starred ? 'text-amber-500' : 'text-muted-foreground',
                )}
              >
                <Star aria-hidden="true" className="size-5" fill={type.starred ? 'currentColor' : 'none'} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
