import {
  Code,
  type Comment,
  type CommentCreateBody,
  type CommentMember,
  REVIEW_LINK_DAYS,
  type ReviewDetail,
} from '@templet/api/contract'
import { pageCount } from '@templet/template'
import type { Kysely } from 'kysely'
import type { Limit } from '../../config'
import type { Database } from '../../db/schema'
import { AppError, notFound } from '../../errors'
import type { FileUrls } from '../../services/file-urls'
import type { RateLimiter } from '../../services/rate-limit'
import type { Session } from '../accounts/sessions'
import { findUserById } from '../accounts/users.queries'
import type { Creations } from '../creations/creations'
import { notificationRow } from '../notifications/notifications'
import { insertNotifications } from '../notifications/notifications.queries'
import type { Templates } from '../templates/templates'
import { findTemplate } from '../templates/templates.queries'
import { handlesOf, mentionsIn } from './mentions'
import { commentsOf, findComment, insertComment, setResolved, workspacePeople } from './reviews.queries'

export interface ReviewsDeps {
  db: Kysely<Database>
  templates: Templates
  creations: Creations
  urls: FileUrls
  limiter: RateLimiter
  now: () => number
  publicUrl: string
  /** Comments a guest may write an hour from one address. */
  guestCommentLimit: Limit
}

const DAY_MS = 24 * 60 * 60 * 1000
const iso = (ms: number) => new Date(ms).toISOString()
const linkRef = (templateId: number) => ({ kind: 'template' as const, id: templateId, variant: 'review' })
const linkGone = () =>
  new AppError(Code.notFound, 'This review link has expired or is not valid: ask for a new one')

/** Who reads or writes a design's comments: a member of its workspace, or anyone with its review link. */
export interface Reader {
  session: Session | null
  token?: string | undefined
  ip?: string
}

/** The signed-in person behind `reader` (also when acting in a team's workspace), or null for a guest. */
const personOf = (reader: Reader) =>
  reader.session ? (reader.session.actorId ?? reader.session.userId) : null

/**
 * Review: a design of a workspace shared by a signed, expiring, view-only link, and comments pinned to a point of a
 * page at a version, threaded one level deep, resolved and opened again by the members who design.
 */
export class Reviews {
  constructor(private readonly d: ReviewsDeps) {}

  /** A review link of `templateId`, one of `ownerId`'s own designs (a catalogue template is not shared). */
  async share(ownerId: number, templateId: number): Promise<{ url: string; expiresAt: string }> {
    await this.#own(ownerId, templateId)
    const expiresMs = this.d.now() + REVIEW_LINK_DAYS * DAY_MS
    const exp = Math.floor(expiresMs / 1000)
    const token = `${templateId}.${exp}.${this.d.urls.signUntil(linkRef(templateId), exp)}`
    return { url: `${this.d.publicUrl}/review?token=${token}`, expiresAt: iso(exp * 1000) }
  }

  /** The design a review link shows, or (`templateId`, no link) the workspace's design a member reads. */
  async detail(reader: Reader, templateId: number | undefined): Promise<ReviewDetail> {
    const { row, template, version, expiresAt } = await this.#readable(reader, templateId)
    const size = template.sizes[0]
    return {
      templateId: Number(row.id),
      name: row.name,
      version,
      pages: pageCount(template),
      width: size?.width ?? row.width,
      height: size?.height ?? row.height,
      expiresAt,
    }
  }

  /** A page of the design drawn with its sample values, as the designer shows it (by its link, or for a member). */
  async preview(reader: Reader, templateId: number | undefined, page: number) {
    const { row, template } = await this.#readable(reader, templateId)
    const { truncated: _notes, ...image } = await this.d.creations.preview({
      userId: Number(row.owner_id),
      templateId: Number(row.id),
      // Its photos are the owner's uploads, which a guest's preview does not read: their places show instead.
      values: Object.fromEntries(
        Object.entries(template.samples.en).filter(
          ([key]) => template.fields.find((f) => f.key === key)?.kind !== 'image',
        ),
      ),
      page,
      format: 'webp',
      maxSide: 1600,
    })
    return image
  }

  /**
   * The design's threads, the oldest first. A reader who is a member of its workspace sees which words mention a
   * member; anyone else (a link's guest) sees the text alone, and so learns nothing of who the members are.
   */
  async list(reader: Reader, templateId: number): Promise<Comment[]> {
    const { row } = await this.#readable(reader, templateId)
    const [rows, { people }] = await Promise.all([
      commentsOf(this.d.db, templateId),
      workspacePeople(this.d.db, Number(row.owner_id)),
    ])
    const reading = personOf(reader)
    const handles = people.some((p) => p.userId === reading) ? handlesOf(people) : []
    const mentions = (text: string) =>
      handles.length === 0 ? [] : mentionsIn(text, handles).map(({ start, end }) => ({ start, end }))
    const author = (r: (typeof rows)[number]) => ({
      name: r.author_id === null ? (r.author_name ?? '') : (r.member_name ?? ''),
      guest: r.author_id === null,
    })
    const threads = new Map<number, Comment>()
    for (const r of rows) {
      const entry = {
        id: Number(r.id),
        text: r.text,
        author: author(r),
        createdAt: iso(Number(r.created_at)),
        mentions: mentions(r.text),
      }
      if (r.parent_id === null)
        threads.set(entry.id, {
          ...entry,
          version: r.version,
          page: r.page,
          x: r.x,
          y: r.y,
          resolved: r.resolved_at !== null,
          replies: [],
        })
      else threads.get(Number(r.parent_id))?.replies.push(entry)
    }
    return [...threads.values()]
  }

  /**
   * A comment, or a reply; the members of the design's workspace it mentions are told, in its transaction (each
   * once, never its author, never anyone outside the workspace).
   */
  async create(reader: Reader, c: Omit<CommentCreateBody, 'token'>): Promise<{ id: number }> {
    const { row, template, version } = await this.#readable(reader, c.templateId)
    const member = personOf(reader)
    if (member === null) {
      if (!c.name) throw new AppError(Code.invalidInput, 'name: Say who you are')
      await this.d.limiter.consume(`comment:${reader.ip ?? 'unknown'}`, this.d.guestCommentLimit)
    }
    if (c.version > version)
      throw new AppError(Code.invalidInput, `version: The design is at version ${version}`)
    const pages = pageCount(template)
    if (c.page >= pages) throw new AppError(Code.invalidInput, `page: The design has ${pages} page(s)`)
    let point = { version: c.version, page: c.page, x: c.x, y: c.y }
    if (c.parentId !== undefined) {
      const parent = await findComment(this.d.db, c.parentId)
      if (!parent || Number(parent.template_id) !== c.templateId || parent.parent_id !== null)
        throw notFound('Comment')
      // A reply is part of its thread: it has the thread's place.
      point = { version: parent.version, page: parent.page, x: parent.x, y: parent.y }
    }
    const now = this.d.now()
    const id = await this.d.db.transaction().execute(async (trx) => {
      const id = await insertComment(trx, {
        template_id: c.templateId,
        parent_id: c.parentId ?? null,
        ...point,
        text: c.text,
        author_id: member,
        author_name: member === null ? (c.name ?? null) : null,
        created_at: now,
      })
      await this.#tellMentioned(trx, {
        id,
        text: c.text,
        design: row,
        author: member,
        guestName: c.name,
        now,
      })
      return id
    })
    return { id }
  }

  /** Notifies the members of the design's workspace whom a new comment mentions. */
  async #tellMentioned(
    trx: Kysely<Database>,
    c: {
      id: number
      text: string
      design: { id: number; name: string; owner_id: number | null }
      author: number | null
      guestName: string | undefined
      now: number
    },
  ) {
    if (!c.text.includes('@')) return
    const { team, people } = await workspacePeople(trx, Number(c.design.owner_id))
    const mentioned = new Set(mentionsIn(c.text, handlesOf(people)).map((m) => m.userId))
    mentioned.delete(c.author ?? 0)
    if (mentioned.size === 0) return
    const inWorkspace = people.find((p) => p.userId === c.author)
    // A signed-in author outside the workspace (a client with an account and the link) is named as a guest is.
    const author =
      inWorkspace?.name ?? (c.author === null ? c.guestName : (await findUserById(trx, c.author))?.name) ?? ''
    await insertNotifications(
      trx,
      [...mentioned].map((userId) =>
        notificationRow(
          userId,
          {
            type: 'comment_mention',
            params: {
              commentId: c.id,
              templateId: Number(c.design.id),
              design: c.design.name,
              author,
              guest: inWorkspace === undefined,
              ...(team && { team }),
            },
          },
          c.now,
        ),
      ),
    )
  }

  /** Whom the caller may mention on the design: the other members of its workspace (none for a non-member). */
  async members(reader: Reader, templateId: number): Promise<CommentMember[]> {
    const { row } = await this.#readable(reader, templateId)
    const { people } = await workspacePeople(this.d.db, Number(row.owner_id))
    const me = personOf(reader)
    if (!people.some((p) => p.userId === me)) return []
    return handlesOf(people)
      .filter((h) => h.userId !== me)
      .map(({ name, handle }) => ({ name, handle }))
  }

  /** Resolves a thread of one of `ownerId`'s designs, or opens it again. */
  async resolve(ownerId: number, actorId: number, id: number, resolved: boolean): Promise<void> {
    const found = await findComment(this.d.db, id)
    if (!found || found.parent_id !== null) throw notFound('Comment')
    await this.#own(ownerId, Number(found.template_id))
    await setResolved(this.d.db, id, actorId, resolved ? this.d.now() : null)
  }

  /**
   * The design, when `reader` may see it: the holder of its link (`templateId`, when given, must be the link's), or
   * a member of its workspace without one; and when the link stops working (null without one).
   */
  async #readable(reader: Reader, templateId: number | undefined) {
    if (reader.token !== undefined) {
      const link = this.#verify(reader.token)
      if (templateId !== undefined && link.templateId !== templateId) throw linkGone()
      return { ...(await this.#shared(link.templateId)), expiresAt: link.expiresAt }
    }
    if (!reader.session)
      throw new AppError(Code.unauthorized, 'Sign in, or open the review link you were sent')
    if (templateId === undefined)
      throw new AppError(
        Code.invalidInput,
        "templateId: Give the design's number, or the review link's token",
      )
    return { ...(await this.#own(reader.session.userId, templateId)), expiresAt: null }
  }

  /** One of `ownerId`'s own designs (404 for anyone else's, and for the catalogue's). */
  async #own(ownerId: number, templateId: number) {
    const resolved = await this.d.templates.resolve(ownerId, templateId)
    if (resolved.row.owner_id === null || Number(resolved.row.owner_id) !== ownerId)
      throw notFound('Template')
    return resolved
  }

  /** The design a valid link names, while it is not deleted. */
  async #shared(templateId: number) {
    const row = await findTemplate(this.d.db, templateId)
    if (!row || row.owner_id === null) throw linkGone()
    return this.#own(Number(row.owner_id), templateId).catch(() => {
      throw linkGone()
    })
  }

  #verify(token: string): { templateId: number; expiresAt: string } {
    const [id, exp, sig] = token.split('.')
    const templateId = Number(id)
    if (!Number.isSafeInteger(templateId) || templateId < 1) throw linkGone()
    if (this.d.urls.verify(linkRef(templateId), exp, sig) === undefined) throw linkGone()
    return { templateId, expiresAt: iso(Number(exp) * 1000) }
  }
}
