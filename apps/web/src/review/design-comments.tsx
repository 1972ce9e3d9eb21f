import './messages'
import { useQuery } from '@tanstack/react-query'
import type { DesignerStore } from '@templet/designer'
import { type Locale, templatePages } from '@templet/template'
import { Button } from '@templet/ui/button'
import { CommentPin } from '@templet/ui/comment-thread'
import { Skeleton } from '@templet/ui/skeleton'
import { MessageSquare, MessageSquarePlus } from 'lucide-react'
import { type ReactNode, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '../components/empty-state'
import { LoadError } from '../components/load-error'
import { reportError, showToast } from '../feedback/notify'
import { mayDesign, useCurrentTeam } from '../teams/current-team'
import { CommentDraftForm, type Point, pointOf, ReviewThread } from './comment-parts'
import { commentListQuery, commentMembersQuery, useCreateComment, useResolveComment } from './review-api'

/**
 * The design's review comments inside the designer (docs/product.md#review): the threads beside the canvas and
 * their pins on the page shown, as the review page shows them, for the members who design it. Comments are
 * pinned on the design's first size (the one a review link shows), so the pins show while that size is.
 */
export function useDesignComments({
  templateId,
  version,
  store,
  locale,
  enabled,
}: {
  /** Off for a design that is not the workspace's (a catalogue template): nothing is read or shown. */
  enabled: boolean
  templateId: number
  /** The version the designer shows as saved: a new comment is made on it. */
  version: number
  store: DesignerStore
  locale: Locale
}): {
  /** The toolbar's switch, with the open threads' count. */
  toggle: ReactNode
  /** The column of threads, while shown. */
  panel: ReactNode
  /** The pins over the page shown, for the designer's `annotations`. */
  annotations: ((shown: { page: number; sizeId: string }) => ReactNode) | undefined
} {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [placing, setPlacing] = useState(false)
  const [draft, setDraft] = useState<(Point & { page: number }) | undefined>()
  const [text, setText] = useState('')
  const [selected, setSelected] = useState<number | undefined>()
  const comments = useQuery({ ...commentListQuery(undefined, templateId), enabled })
  const members = useQuery({ ...commentMembersQuery(undefined, templateId), enabled: enabled && open })
  const create = useCreateComment(undefined)
  const resolve = useResolveComment(templateId)
  const mayResolve = mayDesign(useCurrentTeam())
  const shownSize = useSyncExternalStore(store.subscribe, () => store.getState().sizeId)
  const firstSize = store.getDocument().sizes[0]
  const onFirstSize = !shownSize || shownSize === firstSize?.id
  const numbered = (comments.data ?? []).map((c, i) => ({ ...c, number: i + 1 }))
  const unresolved = numbered.filter((c) => !c.resolved).length
  const sizeName = firstSize ? (firstSize.label?.[locale] ?? firstSize.label?.en ?? firstSize.id) : ''

  const showFirstSize = () => {
    if (firstSize && !onFirstSize) store.dispatch({ type: 'showSize', sizeId: firstSize.id })
  }
  /** The thread's page and size on the canvas, its pin selected. */
  const showOnDesign = (c: { id: number; page: number }) => {
    showFirstSize()
    const page = templatePages(store.getDocument())[c.page]
    if (page) store.dispatch({ type: 'showPage', pageId: page.id })
    setSelected(c.id)
  }
  const submit = async () => {
    if (!draft) return
    try {
      const made = await create.mutateAsync({ templateId, version, ...draft, text: text.trim() })
      setDraft(undefined)
      setText('')
      setSelected(made.id)
      showToast('success', t('review.posted'))
    } catch (error) {
      reportError(error)
    }
  }

  if (!enabled) return { toggle: null, panel: null, annotations: undefined }

  const toggle = (
    <Button variant={open ? 'secondary' : 'outline'} aria-pressed={open} onClick={() => setOpen(!open)}>
      <MessageSquare aria-hidden="true" />
      {t('review.comments')}
      {unresolved > 0 ? (
        <span className="rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
          <span className="sr-only">, </span>
          {t('review.openCount', { count: unresolved })}
        </span>
      ) : null}
    </Button>
  )

  const annotations = open
    ? ({ page, sizeId }: { page: number; sizeId: string }) =>
        sizeId !== firstSize?.id ? null : (
          <>
            {placing ? (
              <button
                type="button"
                aria-label={t('review.addHere')}
                // biome-ignore lint/a11y/noAutofocus: the person asked to place a comment; the next press places it
                autoFocus
                onClick={(event) => {
                  setDraft({ ...pointOf(event), page })
                  setPlacing(false)
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setPlacing(false)
                }}
                className="absolute inset-0 cursor-crosshair bg-primary/5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
              />
            ) : null}
            {numbered
              .filter((c) => c.page === page)
              .map((c) => (
                <CommentPin
                  key={c.id}
                  number={c.number}
                  x={c.x}
                  y={c.y}
                  resolved={c.resolved}
                  selected={selected === c.id}
                  label={t('review.pin', { n: c.number, author: c.author.name, text: c.text })}
                  onClick={() => {
                    setSelected(c.id)
                    document.getElementById(`comment-${c.id}-heading`)?.scrollIntoView({ block: 'nearest' })
                  }}
                />
              ))}
            {draft && draft.page === page ? (
              <CommentPin number={0} x={draft.x} y={draft.y} draft label={t('review.newPin')} />
            ) : null}
          </>
        )
    : undefined

  const panel = open ? (
    <section aria-labelledby="design-comments-title" className="grid content-start gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="design-comments-title" className="text-lg font-semibold">
          {t('review.comments')}
        </h2>
        <Button
          size="sm"
          variant="outline"
          disabled={placing}
          onClick={() => {
            showFirstSize()
            setDraft(undefined)
            setPlacing(true)
          }}
        >
          <MessageSquarePlus aria-hidden="true" />
          {t('review.addComment')}
        </Button>
      </div>
      {placing ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('review.placing')}
        </p>
      ) : null}
      {!onFirstSize ? (
        <p className="text-sm text-muted-foreground">
          {t('review.otherSize', { size: sizeName })}{' '}
          <Button size="sm" variant="link" className="h-auto p-0" onClick={showFirstSize}>
            {t('review.showSize', { size: sizeName })}
          </Button>
        </p>
      ) : null}
      {draft ? (
        <CommentDraftForm
          text={text}
          onTextChange={setText}
          mentionables={members.data ?? []}
          pending={create.isPending}
          onSubmit={() => void submit()}
          onCancel={() => setDraft(undefined)}
        />
      ) : null}
      {comments.isPending ? (
        <Skeleton className="h-32" />
      ) : comments.isError ? (
        <LoadError onRetry={() => void comments.refetch()} />
      ) : numbered.length === 0 ? (
        <EmptyState icon={<MessageSquare className="size-6" />} title={t('review.noCommentsTitle')}>
          {t('review.designerEmpty')}
        </EmptyState>
      ) : (
        <ol className="grid gap-3">
          {numbered.map((c) => (
            <li key={c.id}>
              <ReviewThread
                comment={c}
                mentionables={members.data ?? []}
                selected={selected === c.id}
                onReply={async (reply) => {
                  try {
                    await create.mutateAsync({
                      templateId,
                      version: c.version,
                      page: c.page,
                      x: c.x,
                      y: c.y,
                      text: reply,
                      parentId: c.id,
                    })
                  } catch (error) {
                    reportError(error)
                    throw error
                  }
                }}
                onResolvedChange={
                  mayResolve
                    ? (resolved) => resolve.mutate({ id: c.id, resolved }, { onError: reportError })
                    : undefined
                }
              >
                <Button
                  size="sm"
                  variant="link"
                  className="h-auto justify-self-start p-0"
                  aria-label={t('review.showOnDesignOne', { n: c.number })}
                  onClick={() => showOnDesign(c)}
                >
                  {t('review.showOnDesign')}
                </Button>
              </ReviewThread>
            </li>
          ))}
        </ol>
      )}
    </section>
  ) : null

  return { toggle, panel, annotations }
}
