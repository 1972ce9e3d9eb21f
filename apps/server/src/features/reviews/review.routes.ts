import type { Handlers } from '../../routes/api'
import type { Reviews } from './reviews'

/** The review endpoints: a member's design shared by link, and its comments. */
export function reviewHandlers(
  reviews: Reviews,
): Pick<
  Handlers,
  | 'templateShare'
  | 'reviewDetail'
  | 'reviewPreview'
  | 'commentList'
  | 'commentCreate'
  | 'commentResolve'
  | 'commentMembers'
> {
  return {
    templateShare: ({ session, body }) => reviews.share(session.userId, body.id),
    reviewDetail: ({ session, query }) => reviews.detail({ session, token: query.token }, query.templateId),
    reviewPreview: ({ session, body }) =>
      reviews.preview({ session, token: body.token }, body.templateId, body.page),
    commentList: ({ session, query, ip }) =>
      reviews.list({ session, token: query.token, ip }, query.templateId),
    commentCreate: ({ session, body, ip }) => {
      const { token, ...comment } = body
      return reviews.create({ session, token, ip }, comment)
    },
    commentMembers: ({ session, query }) =>
      reviews.members({ session, token: query.token }, query.templateId),
    commentResolve: async ({ session, body }) => {
      await reviews.resolve(session.userId, session.actorId ?? session.userId, body.id, body.resolved)
      return {}
    },
  }
}
