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
  el.focus()
  if (selected && isWrapped(stars(el.value, start, -1), stars(el.value, end, 1), mark)) {
    el.setRangeText(selected, start - mark.length, end + mark.length, 'select')
  } else {
    el.setRangeText(`${mark}${selected}${mark}`, start, end, 'select')
    el.setSelectionRange(start + mark.length, start + mark.length + selected.length)
  }
  el.dispatchEvent(new Event('input', { bubbles: true }))
}

/** How many asterisks run from `at` towards `step` (-1: before it, 1: after it). */
function stars(text: string, at: number, step: -1 | 1): number {
  let n = 0
  while (text[step < 0 ? at - n - 1 : at + n] === '*') n++
  return n
}

/** Whether runs of `before` and `after` asterisks set the words in `mark`: bold needs 2 or 3, italic 1 or 3. */
function isWrapped(before: number, after: number, mark: string): boolean {
  const has = (n: number) => (mark === MARKS.bold ? n >= 2 : n % 2 === 1)
  return has(before) && has(after)
}

/** Bold and italic for a text field whose template reads the markup. */
export function MarkupButtons({
  target,
  fieldId,
  labelId,
  className,
}: {
  target: RefObject<HTMLInputElement | HTMLTextAreaElement | null>
  /** The field's id (`aria-controls`) and its label's, which describes the buttons ("Bold", "Headline"). */
  fieldId: string
  labelId: string
  className?: string
}) {
  const { t } = useTranslation()
  const button = (kind: keyof typeof MARKS, Icon: typeof Bold) => (
    <button
      type="button"
      title={t(`media.editor.notes.${kind}Hint`)}
      // Named "Bold", not "Bold in Headline": a name holding the field's label would also be found by it.
      aria-label={t(`media.editor.notes.${kind}`)}
      aria-describedby={labelId}
      aria-controls={fieldId}
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
