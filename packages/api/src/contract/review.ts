import { z } from 'zod'
import { COMMENT_MAX_LENGTH, REVIEW_LINK_DAYS } from '../limits'
import { bodyId, queryId } from './media-fields'
import { personName } from './user'

export { COMMENT_MAX_LENGTH, REVIEW_LINK_DAYS }

/**
 * Review (docs/product.md, "Review"): a design shared by a signed, expiring, view-only link, and comments pinned
 * to a point of one of its pages at a version, threaded one level, resolved and re-opened.
 */

/** The token of a review link (`/review?token=…`): the design, until when, and the server's signature. */
export const reviewToken = z
  .string({ error: 'token: the review link is incomplete' })
  .regex(/^\d{1,12}\.\d{1,12}\.[\w-]{43}$/, { error: 'token: the review link is incomplete' })

/** `POST /template/share`: a review link of one of the workspace's designs. */
export const templateShareBody = z.strictObject({ id: bodyId('id') })
export const templateShareData = z.object({
  /** The app's page, `/review?token=…`, under the server's public address. */
  url: z.string(),
  expiresAt: z.iso.datetime(),
})

/**
 * `GET /review/detail`: what a review link shows, to anyone holding it (`token`); or, to a member of the design's
 * workspace, what the review page shows of `templateId` without a link (a notification's link opens it so).
 */
export const reviewDetailQuery = z.strictObject({
  token: reviewToken.optional(),
  templateId: queryId('templateId').optional(),
})
export const reviewDetailData = z.object({
  templateId: z.number().int().positive(),
  name: z.string(),
  /** The design's version now: new comments are pinned to it. */
  version: z.number().int().positive(),
  pages: z.number().int().positive(),
  /** Of the first size: the previews' proportions. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** When the link stops working; null for a member reading it without one. */
  expiresAt: z.iso.datetime().nullable(),
})
export type ReviewDetail = z.infer<typeof reviewDetailData>

/** `POST /review/preview`: a page of the shared design as an image (its sample values), by link or for a member. */
export const reviewPreviewBody = z.strictObject({
  token: reviewToken.optional(),
  templateId: bodyId('templateId').optional(),
  page: z.number().int().min(0, { error: 'page must be 0 or more' }).default(0),
})
export const reviewPreviewData = z.custom<Blob>((v) => typeof Blob !== 'undefined' && v instanceof Blob)

const fraction = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .min(0, { error: `${what} must be between 0 and 1` })
    .max(1, { error: `${what} must be between 0 and 1` })

export const commentText = z
  .string({ error: 'Write a comment' })
  .trim()
  .min(1, { error: 'Write a comment' })
  .max(COMMENT_MAX_LENGTH, { error: `A comment is at most ${COMMENT_MAX_LENGTH} characters` })

/** `GET /comment/list`: a design's comments, by a member of its workspace or with its review link. */
export const commentListQuery = z.strictObject({
  templateId: queryId('templateId'),
  token: reviewToken.optional(),
})
const commentAuthor = z.object({
  name: z.string(),
  /** Someone without an account, who commented through the review link. */
  guest: z.boolean(),
})
/** Where a comment's text mentions a member of the design's workspace: `@` and their handle, `start` to `end`. */
const commentMention = z.object({ start: z.number().int().nonnegative(), end: z.number().int().positive() })
const commentReply = z.object({
  id: z.number().int().positive(),
  text: z.string(),
  author: commentAuthor,
  createdAt: z.iso.datetime(),
  /**
   * Its mentions of members, for a reader who is a member of the design's workspace; none for anyone else (a
   * link's guest learns nothing of who the members are from it).
   */
  mentions: z.array(commentMention),
})
export const comment = commentReply.extend({
  version: z.number().int().positive(),
  page: z.number().int().nonnegative(),
  /** Where on the page, as fractions of its width and height from the top left. */
  x: z.number(),
  y: z.number(),
  resolved: z.boolean(),
  replies: z.array(commentReply),
})
export type Comment = z.infer<typeof comment>
export const commentListData = z.array(comment)

/** `POST /comment/create`: a comment at a point, or a reply to one (`parentId`; its point is the parent's). */
export const commentCreateBody = z.strictObject({
  templateId: bodyId('templateId'),
  version: z.number().int().positive(),
  page: z.number().int().min(0, { error: 'page must be 0 or more' }),
  x: fraction('x'),
  y: fraction('y'),
  text: commentText,
  parentId: bodyId('parentId').optional(),
  /** The review link's token, for someone who is not a member. */
  token: reviewToken.optional(),
  /** A guest's name (required without an account). */
  name: personName(80, 'Say who you are').optional(),
})
export type CommentCreateBody = z.infer<typeof commentCreateBody>
export const commentCreateData = z.object({ id: z.number().int().positive() })

/** `POST /comment/resolve`: marks a thread resolved, or opens it again (members who design). */
export const commentResolveBody = z.strictObject({ id: bodyId('id'), resolved: z.boolean() })

/**
 * `GET /comment/members`: whom the caller may mention in the design's comments, as they type `@`: the other members
 * of its workspace, each by the handle a comment names them with (docs/product.md, "Review"). Signed-in members
 * only; someone who holds the link without being a member gets an empty list.
 */
export const commentMembersQuery = z.strictObject({
  templateId: queryId('templateId'),
  token: reviewToken.optional(),
})
export const commentMember = z.object({
  name: z.string(),
  /** What follows `@` to mention them: their name, or when another member has the same name their address's local part. */
  handle: z.string(),
})
export type CommentMember = z.infer<typeof commentMember>
export const commentMembersData = z.array(commentMember)
