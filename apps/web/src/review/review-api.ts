import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Comment, CommentCreateBody, CommentMember, ReviewDetail } from '@templet/api'
import { ApiFailureError, api, unwrap } from '../api/client'
import { read } from '../api/queries'

/**
 * What the review page shows: the design a review link shares (`token`), or a design of the tab's workspace read
 * by a member without a link (`templateId`: a notification's link).
 */
export type ReviewSubject = { token: string } | { templateId: number }

/** The design (`GET /review/detail`). */
export function reviewDetailQuery(subject: ReviewSubject) {
  return queryOptions({
    queryKey: ['reviewDetail', subject],
    queryFn: async ({ signal }): Promise<ReviewDetail> =>
      (await read('reviewDetail', { query: subject }, signal)).data,
    retry: false,
  })
}

/** A page of the design, its image's bytes (the page that shows them makes their object URL). */
export function reviewPreviewQuery(subject: ReviewSubject, page: number) {
  return queryOptions({
    queryKey: ['reviewPreview', subject, page],
    queryFn: async ({ signal }): Promise<Blob> =>
      (await read('reviewPreview', { body: { ...subject, page } }, signal)).data,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** The design's comments (`GET /comment/list`), with its link or as a member. */
export function commentListQuery(token: string | undefined, templateId: number) {
  return queryOptions({
    queryKey: ['commentList', templateId, token],
    queryFn: async ({ signal }): Promise<Comment[]> =>
      (await read('commentList', { query: { templateId, ...(token ? { token } : {}) } }, signal)).data,
  })
}

/** Whom a signed-in member may @mention on the design (`GET /comment/members`); none for anyone else. */
export function commentMembersQuery(token: string | undefined, templateId: number) {
  return queryOptions({
    queryKey: ['commentMembers', templateId, token],
    queryFn: async ({ signal }): Promise<CommentMember[]> =>
      (await read('commentMembers', { query: { templateId, ...(token ? { token } : {}) } }, signal)).data,
    staleTime: 60_000,
  })
}

/**
 * The design's latest versions with their approvals (`GET /template/versions`, its first page) when it is a design
 * of the tab's workspace, which is what the server asks of resolving its threads; null when it is not (a link's
 * design read in another workspace). The key starts with the endpoint's, so an approval reads it again.
 */
export function workspaceVersionsQuery(templateId: number) {
  return queryOptions({
    queryKey: ['templateVersions', 'review', templateId],
    queryFn: async ({ signal }) => {
      try {
        return (await read('templateVersions', { query: { id: templateId } }, signal)).data
      } catch (error) {
        // Not the workspace's design: nothing to say, and nothing wrong with the page.
        if (error instanceof ApiFailureError && error.code === 404) return null
        throw error
      }
    },
  })
}

/** A comment or a reply as the page sends it; the link's token is added here. */
export type NewComment = Omit<CommentCreateBody, 'token'>

/** Posts a comment or a reply (with the link, when the page has one), then reads the comments again. */
export function useCreateComment(token: string | undefined) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (c: NewComment) =>
      unwrap(await api.call('commentCreate', { body: { ...c, ...(token ? { token } : {}) } })).data,
    onSuccess: (_made, c) => client.invalidateQueries({ queryKey: ['commentList', c.templateId] }),
  })
}

/** Resolves a thread or opens it again (members who design), then reads the comments again. */
export function useResolveComment(templateId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (r: { id: number; resolved: boolean }) =>
      unwrap(await api.call('commentResolve', { body: r })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['commentList', templateId] }),
  })
}

/** A review link of one of the workspace's designs (`POST /template/share`). */
export async function shareTemplate(id: number) {
  return unwrap(await api.call('templateShare', { body: { id } })).data
}
