import type { TemplateType } from '@templet/api'
import { Skeleton } from '@templet/ui'
import { Star } from 'lucide-react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiFailureError, api, unwrap } from '../api/client'
import { useQuery } from '../api/use-query'
import { cx } from '../components/cx'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { reportError, showToast } from '../feedback/notify'

export function TemplatesPage() {
  const { t } = useTranslation()
  const types = useQuery(
    async (signal) => unwrap(await api.call('templateTypeList', { signal, allowDuplicate: true })).data,
    [],
  )
  const pending = useRef(new Set<number>())

  /** Optimistic: the star flips at once, and flips back with a toast if the server refuses. */
  async function toggleStar(type: TemplateType) {
    if (pending.current.has(type.id)) return
    pending.current.add(type.id)
    const star = !type.starred
    const apply = (starred: boolean, stars: number) =>
      types.setData((list) => list.map((item) => (item.id === type.id ? { ...item, starred, stars } : item)))
    apply(star, Math.max(0, type.stars + (star ? 1 : -1)))
    try {
      const { data } = unwrap(await api.call('starTemplateType', { body: { id: type.id, star } }))
      apply(data.starred, data.stars)
    } catch (error) {
      apply(type.starred, type.stars)
      if (error instanceof ApiFailureError) showToast('error', t('templates.starFailed'))
      else reportError(error)
    } finally {
      pending.current.delete(type.id)
    }
  }

  return (
    <>
      <PageTitle title={t('templates.title')}>{t('templates.intro')}</PageTitle>
      {types.status === 'loading' ? (
        <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2, 3, 4, 5].map((n) => (
            <Skeleton key={n} className="h-28" />
          ))}
        </div>
      ) : types.status === 'error' ? (
        <LoadError onRetry={types.reload} />
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
                onClick={() => void toggleStar(type)}
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
