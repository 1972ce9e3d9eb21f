import { Bold, Italic } from 'lucide-react'
import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { cx } from '../components/cx'

/** The template's markup: `**bold**` and `*italic*` (packages/template, text layers). */
const MARKS = { bold: '**', italic: '*' } as const

/**
 * Wraps the selection of `el` in `mark` (or unwraps it when it is wrapped already); with nothing selected,
 * puts the pair at the caret and the caret between them. The change goes through the field's own input
 * event, so the form, the count and the preview follow, and the browser's undo still works.
 */
export function toggleMark(el: HTMLInputElement | HTMLTextAreaElement, mark: string) {
  const start = el.selectionStart ?? el.value.length
  const end = el.selectionEnd ?? start
  const selected = el.value.slice(start, end)
  const before = el.value.slice(Math.max(0, start - mark.length), start)
  const after = el.value.slice(end, end + mark.length)
  el.focus()
  if (selected && before === mark && after === mark) {
    el.setRangeText(selected, start - mark.length, end + mark.length, 'select')
  } else if (selected.length > 2 * mark.length && selected.startsWith(mark) && selected.endsWith(mark)) {
    el.setRangeText(selected.slice(mark.length, -mark.length), start, end, 'select')
  } else {
    el.setRangeText(`${mark}${selected}${mark}`, start, end, 'select')
    el.setSelectionRange(start + mark.length, start + mark.length + selected.length)
  }
  el.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Bold and italic for a text field whose template reads the markup. */
export function MarkupButtons({
  target,
  name,
  className,
}: {
  target: RefObject<HTMLInputElement | HTMLTextAreaElement | null>
  /** The field's label, for the buttons' names. */
  name: string
  className?: string
}) {
  const { t } = useTranslation()
  const button = (kind: keyof typeof MARKS, Icon: typeof Bold) => (
    <button
      type="button"
      title={t(`media.editor.notes.${kind}Hint`)}
      aria-label={t(`media.editor.notes.${kind}`, { name })}
      // Keeps the selection in the field: a click would otherwise move the focus, and the selection with it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => target.current && toggleMark(target.current, MARKS[kind])}
      className="grid size-7 place-items-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  )
  return (
    <div className={cx('flex items-center gap-0.5', className)}>
      {button('bold', Bold)}
      {button('italic', Italic)}
    </div>
  )
}
