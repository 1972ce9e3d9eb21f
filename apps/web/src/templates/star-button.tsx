import type { TemplateType } from '@templet/api'
import { Star } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiFailureError } from '../api/client'
import { useStarTemplateType } from '../api/mutations'
import { cx } from '../components/cx'
import { reportError, showToast } from '../feedback/notify'

/** Stars or unstars a template type (optimistic, see useStarTemplateType). */
export function StarButton({ type, name }: { type: TemplateType; name: string }) {
  const { t } = useTranslation()
  const star = useStarTemplateType()
  function toggle() {
    // One change per type at a time: a second click waits for the first answer.
    if (star.isPending) return
    star.mutate(type, {
      onError: (error) => {
        if (error instanceof ApiFailureError) showToast('error', t('templates.starFailed'))
        else reportError(error)
      },
    })
  }
  return (
    <button
      type="button"
      aria-pressed={type.starred}
      aria-label={type.starred ? t('templates.unstar', { name }) : t('templates.star', { name })}
      onClick={toggle}
      className={cx(
        'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm hover:bg-accent',
        type.starred ? 'text-amber-500' : 'text-muted-foreground',
      )}
    >
      <Star aria-hidden="true" className="size-4" fill={type.starred ? 'currentColor' : 'none'} />
      <span className="tabular-nums">{type.stars}</span>
    </button>
  )
}
