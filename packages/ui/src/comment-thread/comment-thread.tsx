import { type FormEvent, forwardRef, type ReactNode, useState } from 'react'
import { Badge } from '../badge'
import { Button } from '../button'
import { cn } from '../lib/cn'
import { type MentionOption, MentionTextarea } from './mention-textarea'

/**
 * A comment's place on a design: a numbered marker at `x`, `y` (fractions of the picture it sits on, from the
 * top left), its point at the marker's bottom tip. The parent is `position: relative` and as large as the picture.
 */
export interface CommentPinProps {
  /** The thread's number, shown in the marker and in its thread. */
  number: number
  x: number
  y: number
  /** The marker's accessible name: "Comment 1 by Carol: Bigger logo?". */
  label: string
  resolved?: boolean
  /** The thread shown beside the picture now. */
  selected?: boolean
  /** A comment being written, not yet sent. */
  draft?: boolean
  onClick?: () => void
  className?: string
}

export const CommentPin = forwardRef<HTMLButtonElement, CommentPinProps>(function CommentPin(
  { number, x, y, label, resolved = false, selected = false, draft = false, onClick, className },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      data-slot="comment-pin"
      data-state={resolved ? 'resolved' : 'open'}
      aria-label={label}
      aria-pressed={selected}
      onClick={onClick}
      // Positioned by its point; `left` stays physical, since the point is a place on the picture.
      style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
      className={cn(
        'absolute z-10 grid size-7 -translate-x-1/2 -translate-y-full place-items-center rounded-full rounded-bl-none',
        'border-2 border-background text-xs font-semibold shadow-md outline-none transition-transform',
        'focus-visible:ring-[3px] focus-visible:ring-ring/60 hover:scale-110',
        resolved ? 'bg-muted text-muted-foreground' : 'bg-primary text-primary-foreground',
        draft && 'bg-accent text-accent-foreground ring-2 ring-primary',
        selected && 'scale-110 ring-[3px] ring-ring',
        className,
      )}
    >
      {draft ? '+' : number}
    </button>
  )
})

export interface CommentEntry {
  id: number
  author: string
  /** A second word after the name, such as "Guest". */
  authorNote?: string
  /** When, already worded ("2 Dec 2026, 10:04"). */
  time: string
  /** The machine-readable time of `time`. */
  dateTime: string
  text: string
  /** Where `text` mentions someone (`@` and their handle), shown marked; offsets into `text`. */
  mentions?: readonly { start: number; end: number }[]
}

export interface CommentThreadProps {
  number: number
  comment: CommentEntry
  replies?: readonly CommentEntry[]
  resolved?: boolean
  /** Where the comment was made, shown under its number: "Page 2 · version 3". */
  place?: string
  selected?: boolean
  /** Sends a reply; resolves when it is saved (the field then empties), rejects to keep it. */
  onReply?: (text: string) => Promise<void>
  /** Resolves the thread, or opens it again; without it no button shows. */
  onResolvedChange?: (resolved: boolean) => void
  /** Whom the reply field offers as `@` is typed. */
  mentionables?: readonly MentionOption[]
  labels: {
    resolved: string
    reply: string
    replyLabel: string
    resolve: string
    reopen: string
    /** The name of the list of people to mention: "Members". */
    mentions?: string
  }
  /** Extra content at the end (an error, a hint). */
  children?: ReactNode
  className?: string
}

function Entry({ entry }: { entry: CommentEntry }) {
  return (
    <div className="grid min-w-0 gap-1">
      <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <span className="min-w-0 font-semibold wrap-anywhere">{entry.author}</span>
        {entry.authorNote && <span className="text-xs text-muted-foreground">{entry.authorNote}</span>}
        <time dateTime={entry.dateTime} className="text-xs text-muted-foreground">
          {entry.time}
        </time>
      </div>
      <div className="text-sm wrap-anywhere whitespace-pre-wrap">
        <MarkedText text={entry.text} mentions={entry.mentions ?? []} />
      </div>
    </div>
  )
}

/** A comment's text with its mentions marked. */
function MarkedText({
  text,
  mentions,
}: {
  text: string
  mentions: readonly { start: number; end: number }[]
}) {
  const parts: ReactNode[] = []
  let from = 0
  for (const m of [...mentions].sort((a, b) => a.start - b.start)) {
    if (m.start < from || m.end > text.length || m.end <= m.start) continue
    if (m.start > from) parts.push(text.slice(from, m.start))
    parts.push(
      <span key={m.start} data-slot="mention" className="rounded-sm bg-primary/10 font-semibold text-primary">
        {text.slice(m.start, m.end)}
      </span>,
    )
    from = m.end
  }
  if (from < text.length) parts.push(text.slice(from))
  return parts
}

/** A comment with its replies, a field to reply and a button to resolve or reopen, as a card. */
export const CommentThread = forwardRef<HTMLElement, CommentThreadProps>(function CommentThread(
  {
    number,
    comment,
    replies = [],
    resolved = false,
    place,
    selected = false,
    onReply,
    onResolvedChange,
    mentionables,
    labels,
    children,
    className,
  },
  ref,
) {
  const [reply, setReply] = useState('')
  const [sending, setSending] = useState(false)
  const send = async (event: FormEvent) => {
    event.preventDefault()
    if (!onReply || !reply.trim()) return
    setSending(true)
    try {
      await onReply(reply.trim())
      setReply('')
    } catch {
      // The app says what went wrong; the text stays to send again.
    } finally {
      setSending(false)
    }
  }
  return (
    <article
      ref={ref}
      data-slot="comment-thread"
      data-state={resolved ? 'resolved' : 'open'}
      aria-labelledby={`comment-${comment.id}-heading`}
      className={cn(
        'grid min-w-0 gap-3 rounded-xl border border-border bg-card p-3 text-card-foreground',
        selected && 'border-ring ring-2 ring-ring/40',
        className,
      )}
    >
      <header className="flex items-center justify-between gap-2">
        <h3
          id={`comment-${comment.id}-heading`}
          className="m-0 flex items-center gap-2 text-sm font-semibold"
        >
          <span
            aria-hidden
            className={cn(
              'grid size-6 place-items-center rounded-full text-xs',
              resolved ? 'bg-muted text-muted-foreground' : 'bg-primary text-primary-foreground',
            )}
          >
            {number}
          </span>
          <span className="sr-only">{`#${number}`}</span>
          {place && <span className="font-normal text-muted-foreground">{place}</span>}
        </h3>
        {resolved && <Badge variant="secondary">{labels.resolved}</Badge>}
      </header>
      <Entry entry={comment} />
      {replies.length > 0 && (
        <ol className="m-0 grid list-none gap-3 border-s-2 border-border ps-3">
          {replies.map((r) => (
            <li key={r.id}>
              <Entry entry={r} />
            </li>
          ))}
        </ol>
      )}
      {onReply && (
        <form onSubmit={send} className="grid gap-2">
          <MentionTextarea
            label={labels.replyLabel}
            rows={2}
            value={reply}
            onValueChange={setReply}
            mentionables={mentionables}
            mentionLabel={labels.mentions}
            disabled={sending}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={sending || !reply.trim()}>
              {labels.reply}
            </Button>
            {onResolvedChange && (
              <Button type="button" size="sm" variant="outline" onClick={() => onResolvedChange(!resolved)}>
                {resolved ? labels.reopen : labels.resolve}
              </Button>
            )}
          </div>
        </form>
      )}
      {!onReply && onResolvedChange && (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="justify-self-start"
          onClick={() => onResolvedChange(!resolved)}
        >
          {resolved ? labels.reopen : labels.resolve}
        </Button>
      )}
      {children}
    </article>
  )
})
