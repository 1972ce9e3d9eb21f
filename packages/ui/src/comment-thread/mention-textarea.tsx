import {
  forwardRef,
  type KeyboardEvent,
  type SyntheticEvent,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { Textarea, type TextareaProps } from '../input'
import { cn } from '../lib/cn'

/** Someone a comment may mention: shown by name, written as `@` and their handle. */
export interface MentionOption {
  name: string
  handle: string
}

export interface MentionTextareaProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  value: string
  onValueChange: (value: string) => void
  /** Whom `@` offers; without any the field is a plain text area. */
  mentionables?: readonly MentionOption[]
  /** The list's accessible name: "Members". */
  mentionLabel?: string
}

/** At most this many suggestions show at once. */
const SHOWN = 8
/** Before `@`: what an address has before its `@`, which starts no mention. */
const IN_A_WORD = /[\p{L}\p{N}_.+-]/u

/** The `@` the caret is typing a mention after, and what is typed since; undefined when it is in none. */
export function mentionQuery(value: string, caret: number): { start: number; text: string } | undefined {
  const before = value.slice(0, caret)
  const start = before.lastIndexOf('@')
  if (start === -1) return undefined
  if (start > 0 && IN_A_WORD.test(before[start - 1] as string)) return undefined
  const text = before.slice(start + 1)
  if (text.length > 60 || /[\n@]/.test(text)) return undefined
  return { start, text }
}

/** The options whose name (or one of its words) or handle starts with `text`, in any case. */
export function mentionMatches(options: readonly MentionOption[], text: string): MentionOption[] {
  const q = text.toLowerCase()
  return options
    .filter(
      (o) =>
        o.handle.toLowerCase().startsWith(q) ||
        o.name.toLowerCase().startsWith(q) ||
        o.name
          .toLowerCase()
          .split(/\s+/)
          .some((word) => word.startsWith(q)),
    )
    .slice(0, SHOWN)
}

/**
 * A text area that offers the people a comment may mention as `@` is typed: a list under the field (a listbox the
 * field points into with `aria-activedescendant`), moved through with the arrow keys, chosen with Enter or Tab or a
 * press, closed with Escape. The choice writes `@handle ` in place of what was typed.
 */
export const MentionTextarea = forwardRef<HTMLTextAreaElement, MentionTextareaProps>(function MentionTextarea(
  {
    value,
    onValueChange,
    mentionables = [],
    mentionLabel,
    onKeyDown,
    onSelect,
    onFocus,
    onBlur,
    className,
    ...props
  },
  ref,
) {
  const field = useRef<HTMLTextAreaElement>(null)
  useImperativeHandle(ref, () => field.current as HTMLTextAreaElement)
  const listId = useId()
  const [caret, setCaret] = useState(0)
  const [active, setActive] = useState(0)
  const [focused, setFocused] = useState(false)
  // The `@` whose list was closed with Escape: it stays closed until another is typed.
  const [dismissed, setDismissed] = useState<number | undefined>()
  const [placeCaret, setPlaceCaret] = useState<number | undefined>()

  const query = mentionables.length > 0 ? mentionQuery(value, caret) : undefined
  const matches = query ? mentionMatches(mentionables, query.text) : []
  const open = focused && query !== undefined && query.start !== dismissed && matches.length > 0
  const current = Math.min(active, Math.max(0, matches.length - 1))
  const optionId = (i: number) => `${listId}-option-${i}`

  useLayoutEffect(() => {
    if (open) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' })
  })
  useLayoutEffect(() => {
    if (placeCaret === undefined) return
    field.current?.setSelectionRange(placeCaret, placeCaret)
    setPlaceCaret(undefined)
  }, [placeCaret])

  const follow = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const at = event.currentTarget.selectionStart
    if (at !== caret) setActive(0)
    setCaret(at)
  }
  const choose = (option: MentionOption) => {
    if (!query) return
    const written = `@${option.handle} `
    const next = value.slice(0, query.start) + written + value.slice(caret)
    const at = query.start + written.length
    onValueChange(next)
    setCaret(at)
    setPlaceCaret(at)
    setActive(0)
  }
  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    onKeyDown?.(event)
    if (!open || event.defaultPrevented) return
    const chosen = matches[current]
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((current + step + matches.length) % matches.length)
    } else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && chosen) {
      event.preventDefault()
      choose(chosen)
    } else if (event.key === 'Escape') {
      // Closes the list only, not a dialog the field is in.
      event.preventDefault()
      event.stopPropagation()
      setDismissed(query?.start)
    }
  }

  return (
    <div className="relative min-w-0">
      <Textarea
        ref={field}
        {...props}
        value={value}
        className={className}
        onChange={(event) => {
          onValueChange(event.target.value)
          follow(event)
        }}
        onSelect={(event) => {
          onSelect?.(event)
          follow(event)
        }}
        onKeyDown={keys}
        onFocus={(event) => {
          onFocus?.(event)
          setFocused(true)
        }}
        onBlur={(event) => {
          onBlur?.(event)
          setFocused(false)
        }}
        aria-autocomplete={mentionables.length > 0 ? 'list' : undefined}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(current) : undefined}
      />
      {open && (
        <div
          id={listId}
          role="listbox"
          aria-label={mentionLabel}
          data-slot="mention-list"
          className={cn(
            'absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-auto rounded-lg border border-border',
            'bg-popover p-1 text-popover-foreground shadow-popover',
          )}
        >
          {matches.map((option, i) => (
            // The field owns the keys (it points at the active option); a press chooses, keeping the focus there.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the text area handles the keyboard for the list
            <div
              key={option.handle}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === current}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              className={cn(
                'flex min-h-8 cursor-default flex-wrap items-baseline gap-x-2 rounded-md px-2 py-1.5 text-sm',
                i === current && 'bg-accent text-accent-foreground',
              )}
            >
              <span className="min-w-0 font-medium wrap-anywhere">{option.name}</span>
              {option.handle !== option.name && (
                <span className="min-w-0 text-xs wrap-anywhere opacity-80">@{option.handle}</span>
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  )
})
