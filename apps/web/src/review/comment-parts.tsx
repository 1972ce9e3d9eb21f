import './messages'
import type { Comment, CommentMember } from '@templet/api'
import { Button } from '@templet/ui/button'
import { CommentThread, MentionTextarea } from '@templet/ui/comment-thread'
import type { FormEvent, MouseEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../i18n/format'

/**
 * What the review page and the designer's comments share: where a click on a page puts a comment, the form of a
 * new one, and a thread as the app words it.
 */

/** A point of a page, as fractions of its width and height from the top left. */
export type Point = { x: number; y: number }

/** Where a click on a page's box puts a comment; a press of Enter or Space clicks at no point: the middle. */
export function pointOf(event: MouseEvent<HTMLElement>): Point {
  if (event.detail === 0) return { x: 0.5, y: 0.5 }
  const box = event.currentTarget.getBoundingClientRect()
  const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000
  return {
    x: round((event.clientX - box.left) / box.width),
    y: round((event.clientY - box.top) / box.height),
  }
}

/** A new comment's words, with the members offered as `@` is typed. */
export function CommentDraftForm({
  text,
  onTextChange,
  mentionables,
  pending,
  onSubmit,
  onCancel,
}: {
  text: string
  onTextChange: (text: string) => void
  mentionables: readonly CommentMember[]
  pending: boolean
  onSubmit: () => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        if (text.trim()) onSubmit()
      }}
      className="grid gap-2 rounded-xl border border-ring p-3"
    >
      <MentionTextarea
        label={t('review.comment')}
        hint={mentionables.length > 0 ? t('review.mentionHint') : undefined}
        rows={3}
        value={text}
        autoFocus
        maxLength={2000}
        onValueChange={onTextChange}
        mentionables={mentionables}
        mentionLabel={t('review.mentions')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending || !text.trim()}>
          {pending ? t('review.posting') : t('review.post')}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('review.cancel')}
        </Button>
      </div>
    </form>
  )
}

/** A thread as the app words it: its author (a guest said so), its time, its place, its replies. */
export function ReviewThread({
  comment,
  mentionables,
  selected,
  onReply,
  onResolvedChange,
  children,
}: {
  comment: Comment & { number: number }
  mentionables: readonly CommentMember[]
  selected: boolean
  onReply: (text: string) => Promise<void>
  onResolvedChange: ((resolved: boolean) => void) | undefined
  /** Under the thread: the designer's "Show on the design". */
  children?: ReactNode
}) {
  const { t, i18n } = useTranslation()
  const entry = (c: Pick<Comment, 'id' | 'text' | 'author' | 'createdAt' | 'mentions'>) => ({
    id: c.id,
    author: c.author.name,
    ...(c.author.guest ? { authorNote: t('review.guest') } : {}),
    time: formatDate(new Date(c.createdAt), 'moment', i18n.language),
    dateTime: c.createdAt,
    text: c.text,
    mentions: c.mentions,
  })
  return (
    <CommentThread
      number={comment.number}
      comment={entry(comment)}
      replies={comment.replies.map(entry)}
      resolved={comment.resolved}
      selected={selected}
      place={t('review.place', { page: comment.page + 1, version: comment.version })}
      onReply={onReply}
      onResolvedChange={onResolvedChange}
      mentionables={mentionables}
      labels={{
        resolved: t('review.resolved'),
        reply: t('review.reply'),
        replyLabel: t('review.replyLabel', { n: comment.number }),
        resolve: t('review.resolve'),
        reopen: t('review.reopen'),
        mentions: t('review.mentions'),
      }}
    >
      {children}
    </CommentThread>
  )
}
