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
  // The count beside the button, not inside it: a name ("Star Posters") must hold the words a button shows
  // (WCAG 2.5.3, label in name), and the count is not part of what the button does.
  return (
    <span
      className={cx(
        'inline-flex h-9 shrink-0 items-center rounded-full pe-3 text-sm',
        type.starred ? 'text-amber-500' : 'text-muted-foreground',
      )}
    >
      <button
        type="button"
        aria-pressed={type.starred}
        aria-label={type.starred ? t('templates.unstar', { name }) : t('templates.star', { name })}
        onClick={toggle}
        className="grid size-9 place-items-center rounded-full hover:bg-accent"
      >
        <Star aria-hidden="true" className="size-4" fill={type.starred ? 'currentColor' : 'none'} />
      </button>
      <span className="tabular-nums">{type.stars}</span>
    </span>
  )
}
