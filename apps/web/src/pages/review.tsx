import '../review/messages'
import '../approvals/messages'
import { useQuery } from '@tanstack/react-query'
import type { ReviewDetail, TemplateVersionSummary } from '@templet/api'
import { loginPathFor } from '@templet/api/paths'
import { Button } from '@templet/ui/button'
import { CommentPin } from '@templet/ui/comment-thread'
import { Input } from '@templet/ui/input'
import { Skeleton } from '@templet/ui/skeleton'
import { BadgeCheck, CircleAlert, MessageSquare } from 'lucide-react'
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { ApiFailureError } from '../api/client'
import { templateDetailQuery } from '../api/queries'
import { ApprovedBadge, NotApprovedBadge } from '../approvals/approved-badge'
import { EmptyState } from '../components/empty-state'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { reportError, showToast } from '../feedback/notify'
import { useHydrated } from '../forms/use-hydrated'
import { formatDate } from '../i18n/format'
import { PublicLayout } from '../layouts/public-layout'
import { CommentDraftForm, type Point, pointOf, ReviewThread } from '../review/comment-parts'
import {
  commentListQuery,
  commentMembersQuery,
  type ReviewSubject,
  reviewDetailQuery,
  reviewPreviewQuery,
  useCreateComment,
  useResolveComment,
  workspaceVersionsQuery,
} from '../review/review-api'
import { hasSession } from '../session/session'
import { mayDesign, useCurrentTeam } from '../teams/current-team'

const AppLayout = lazy(() => import('../layouts/app-layout').then((m) => ({ default: m.AppLayout })))

/** A guest's name, kept in this browser for the next comment. */
const NAME_KEY = 'templet.review.name'
const readName = () => {
  try {
    return localStorage.getItem(NAME_KEY) ?? ''
  } catch {
    return ''
  }
}

/**
 * The review page in the layout of its reader: a signed-in member reading a design of the tab's workspace without a
 * link (a notification's) is in the app, with its header, sidebar and workspace switcher; a link's holder, signed
 * in or not, and a visitor without a session are on the public page. The pre-rendered page is the public one,
 * which the app hydrates before it reads the address.
 */
export function ReviewScreen() {
  const [params] = useSearchParams()
  const hydrated = useHydrated()
  const publicPage = (
    <PublicLayout>
      <div className="mx-auto w-full max-w-6xl px-4 py-8">
        <ReviewPage />
      </div>
    </PublicLayout>
  )
  if (hydrated && !params.get('token') && hasSession())
    return (
      // The app's layout is fetched only for a member: a link's page, public, loads none of the signed-in app.
      <Suspense fallback={publicPage}>
        <AppLayout>
          <ReviewPage />
        </AppLayout>
      </Suspense>
    )
  return publicPage
}

/**
 * The page a review link opens (`/review?token=…`; docs/product.md#review): the shared design page by page,
 * its comments pinned where they were made, and a comment added by clicking the design, by anyone with the
 * link (a guest gives a name). Signed-in members of the design's workspace may also resolve threads, read it
 * without a link (`/review?design=<id>`, in the tab's workspace: a mention's notification opens it so), see who
 * the comments mention and are offered the members as they type `@`.
 */
export function ReviewPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  // The query is read once the page is hydrated: the pre-rendered page has none.
  const hydrated = useHydrated()
  const token = hydrated ? (params.get('token') ?? '') : ''
  // Without a link, a member reads a design of the tab's workspace (`?design=<id>`: a notification's link).
  const designId = hydrated && !token ? Number(params.get('design') ?? '') : 0
  const subject: ReviewSubject | undefined = token
    ? { token }
    : Number.isSafeInteger(designId) && designId > 0
      ? { templateId: designId }
      : undefined
  const signedIn = hasSession()
  const readable = subject !== undefined && (token !== '' || signedIn)
  const detail = useQuery({ ...reviewDetailQuery(subject ?? { token: '' }), enabled: readable })

  if (hydrated && subject && !readable)
    return (
      <div>
        <PageTitle title={t('review.loadingTitle')} />
        <p className="text-muted-foreground">
          <Link className="font-medium text-primary underline" to={loginPathFor(`/review?${params}`)}>
            {t('review.signIn')}
          </Link>
        </p>
      </div>
    )
  if (!hydrated || (readable && detail.isPending))
    return (
      <div aria-busy="true">
        <PageTitle title={t('review.loadingTitle')} />
        <Skeleton className="aspect-square w-full max-w-xl" />
      </div>
    )
  if (!subject || !detail.data)
    return (
      <div>
        <PageTitle title={t('review.loadingTitle')} />
        {subject && !(detail.error instanceof ApiFailureError) ? (
          <LoadError onRetry={() => void detail.refetch()} />
        ) : (
          <p role="alert" className="text-muted-foreground">
            {token ? t('review.gone') : t('review.notFound')}
          </p>
        )}
      </div>
    )
  return (
    <Review
      subject={subject}
      design={detail.data}
      linked={Number(params.get('comment') ?? '') || undefined}
    />
  )
}

function Review({
  subject,
  design,
  linked,
}: {
  subject: ReviewSubject
  design: ReviewDetail
  /** A comment a link points at (a notification's): its thread is shown selected. */
  linked: number | undefined
}) {
  const { t, i18n } = useTranslation()
  const token = 'token' in subject ? subject.token : undefined
  const [page, setPage] = useState(0)
  const [draft, setDraft] = useState<Point | undefined>()
  const [selected, setSelected] = useState<number | undefined>()
  const [name, setName] = useState(readName)
  const [text, setText] = useState('')
  const [nameError, setNameError] = useState<string | undefined>()
  const signedIn = hasSession()
  const comments = useQuery(commentListQuery(token, design.templateId))
  const members = useQuery({ ...commentMembersQuery(token, design.templateId), enabled: signedIn })
  const mentionables = members.data ?? []
  const create = useCreateComment(token)
  const resolve = useResolveComment(design.templateId)
  // Known only for a design of the tab's workspace, which is also where the server lets those who design resolve.
  const versions = useQuery({ ...workspaceVersionsQuery(design.templateId), enabled: signedIn })
  const workspace = useCurrentTeam()
  const mayResolve = Boolean(versions.data) && mayDesign(workspace)
  const threads = comments.data ?? []
  const numbered = threads.map((c, i) => ({ ...c, number: i + 1 }))
  const onPage = numbered.filter((c) => c.page === page)

  // The thread a link points at (also by one of its replies): on its page, selected and in view, once.
  const target = linked
    ? numbered.find((c) => c.id === linked || c.replies.some((r) => r.id === linked))
    : undefined
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!target || shown) return
    setShown(true)
    setPage(target.page)
    setSelected(target.id)
    requestAnimationFrame(() =>
      document.getElementById(`comment-${target.id}-heading`)?.scrollIntoView({ block: 'center' }),
    )
  }, [target, shown])

  const needsName = !signedIn
  const checkName = () => {
    if (!needsName || name.trim()) return true
    setNameError(t('review.nameFirst'))
    return false
  }
  const keepName = () => {
    try {
      if (needsName) localStorage.setItem(NAME_KEY, name.trim())
    } catch {
      // Not kept: asked again next time.
    }
  }
  const post = (c: { text: string; point: Point; parentId?: number; version?: number; page?: number }) =>
    create.mutateAsync({
      templateId: design.templateId,
      version: c.version ?? design.version,
      page: c.page ?? page,
      ...c.point,
      text: c.text,
      ...(c.parentId ? { parentId: c.parentId } : {}),
      ...(needsName ? { name: name.trim() } : {}),
    })

  const submit = async () => {
    if (!draft || !checkName()) return
    try {
      const made = await post({ text: text.trim(), point: draft })
      keepName()
      setDraft(undefined)
      setText('')
      setSelected(made.id)
      showToast('success', t('review.posted'))
    } catch (error) {
      reportError(error)
    }
  }

  return (
    <div>
      <PageTitle title={t('review.title', { name: design.name })}>
        {design.expiresAt
          ? t('review.intro', { date: formatDate(new Date(design.expiresAt), 'long', i18n.language) })
          : t('review.introMember')}
      </PageTitle>
      {versions.data ? (
        <VersionApproval templateId={design.templateId} version={design.version} versions={versions.data} />
      ) : null}
      {design.pages > 1 && (
        <nav aria-label={t('review.pages')} className="mb-4 flex flex-wrap gap-1">
          {Array.from({ length: design.pages }, (_, i) => (
            <Button
              key={i}
              size="sm"
              variant={i === page ? 'default' : 'outline'}
              aria-current={i === page ? 'page' : undefined}
              onClick={() => {
                setPage(i)
                setDraft(undefined)
              }}
            >
              {t('review.page', { n: i + 1 })}
            </Button>
          ))}
        </nav>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Picture subject={subject} design={design} page={page}>
          <button
            type="button"
            aria-label={t('review.addHere')}
            onClick={(event) => setDraft(pointOf(event))}
            className="absolute inset-0 cursor-crosshair rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          />
          {onPage.map((c) => (
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
          {draft && <CommentPin number={0} {...draft} draft label={t('review.newPin')} />}
        </Picture>
        <section aria-labelledby="comments-title" className="grid content-start gap-4">
          <h2 id="comments-title" className="text-lg font-semibold">
            {t('review.comments')}
          </h2>
          {needsName && (
            <Input
              label={t('review.yourName')}
              hint={t('review.yourNameHint')}
              value={name}
              autoComplete="name"
              maxLength={80}
              error={nameError}
              onChange={(e) => {
                setName(e.target.value)
                setNameError(undefined)
              }}
            />
          )}
          {draft && (
            <CommentDraftForm
              text={text}
              onTextChange={setText}
              mentionables={mentionables}
              pending={create.isPending}
              onSubmit={() => void submit()}
              onCancel={() => setDraft(undefined)}
            />
          )}
          {comments.isPending ? (
            <Skeleton className="h-32" />
          ) : comments.isError ? (
            <LoadError onRetry={() => void comments.refetch()} />
          ) : numbered.length === 0 ? (
            <EmptyState icon={<MessageSquare className="size-6" />} title={t('review.noCommentsTitle')}>
              {t('review.noComments')}
            </EmptyState>
          ) : (
            <ol className="grid gap-3">
              {numbered.map((c) => (
                <li key={c.id}>
                  <ReviewThread
                    comment={c}
                    mentionables={mentionables}
                    selected={selected === c.id}
                    onReply={async (reply) => {
                      if (!checkName()) throw new Error('no name')
                      try {
                        await post({
                          text: reply,
                          point: { x: c.x, y: c.y },
                          parentId: c.id,
                          version: c.version,
                          page: c.page,
                        })
                        keepName()
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
                  />
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </div>
  )
}

/**
 * Whether the version shown is approved, by whom and when, for the members of the design's workspace (a guest is
 * told nothing of it); and, where the team creates only from approved versions, which version its creations use.
 */
function VersionApproval({
  templateId,
  version,
  versions,
}: {
  templateId: number
  version: number
  /** The design's latest versions: the one shown, its current, is among them. */
  versions: readonly TemplateVersionSummary[]
}) {
  const { t, i18n } = useTranslation()
  const shown = versions.find((v) => v.version === version)
  // Present only where creations are made from approved versions alone: the version they use.
  const rule = useQuery(templateDetailQuery(templateId)).data?.approval
  return (
    <div className="mb-4 grid gap-2 text-sm" data-testid="review-approval">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {shown?.approvedAt ? <ApprovedBadge version={version} /> : <NotApprovedBadge version={version} />}
        {shown?.approvedAt ? (
          <span className="text-muted-foreground">
            {shown.approvedBy
              ? t('approvals.approvedBy', {
                  name: shown.approvedBy.name,
                  when: formatDate(new Date(shown.approvedAt), 'moment', i18n.language),
                })
              : t('approvals.approvedByGone', {
                  when: formatDate(new Date(shown.approvedAt), 'moment', i18n.language),
                })}
          </span>
        ) : null}
      </p>
      {rule ? (
        <p className="flex items-start gap-2 rounded-lg border border-border p-3">
          {rule.latestApproved === version ? (
            <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          ) : (
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          <span>
            {rule.latestApproved === null
              ? t('approvals.review.none')
              : rule.latestApproved === version
                ? t('approvals.review.usesThis')
                : t('approvals.review.usesOther', { latest: rule.latestApproved })}
          </span>
        </p>
      ) : null}
    </div>
  )
}

/** The page's image in a box of its proportions, with the pins over it. */
function Picture({
  subject,
  design,
  page,
  children,
}: {
  subject: ReviewSubject
  design: ReviewDetail
  page: number
  children: ReactNode
}) {
  const { t } = useTranslation()
  const preview = useQuery(reviewPreviewQuery(subject, page))
  // The URL lives as long as this picture shows those bytes: the cache keeps the bytes of a page shown before,
  // so going back to it makes a fresh URL instead of reusing one already revoked.
  const [src, setSrc] = useState<string | undefined>()
  useEffect(() => {
    if (!preview.data) return setSrc(undefined)
    const url = URL.createObjectURL(preview.data)
    setSrc(url)
    return () => URL.revokeObjectURL(url)
  }, [preview.data])
  return (
    <div
      className="relative w-full max-w-3xl self-start rounded-lg border border-border bg-muted"
      style={{ aspectRatio: `${design.width} / ${design.height}` }}
    >
      {src ? (
        <img
          src={src}
          alt={t('review.picture', { n: page + 1, name: design.name })}
          className="absolute inset-0 size-full rounded-lg object-contain"
        />
      ) : preview.isError ? (
        <div className="absolute inset-0 grid place-items-center p-4">
          <LoadError onRetry={() => void preview.refetch()} />
        </div>
      ) : (
        <Skeleton className="absolute inset-0 rounded-lg" />
      )}
      {children}
    </div>
  )
}
