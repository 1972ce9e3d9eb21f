import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Comment, CommentCreateBody, ReviewDetail } from '@templet/api'
import { api, unwrap } from '../api/client'
import { read } from '../api/queries'

/** What a review link shows (`GET /review/detail`). */
export function reviewDetailQuery(token: string) {
  return queryOptions({
    queryKey: ['reviewDetail', token],
    queryFn: async ({ signal }): Promise<ReviewDetail> =>
      (await read('reviewDetail', { query: { token } }, signal)).data,
    retry: false,
  })
}

/** A page of the shared design, its image's bytes (the page that shows them makes their object URL). */
export function reviewPreviewQuery(token: string, page: number) {
  return queryOptions({
    queryKey: ['reviewPreview', token, page],
    queryFn: async ({ signal }): Promise<Blob> =>
      (await read('reviewPreview', { body: { token, page } }, signal)).data,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** The design's comments, read with its link (`GET /comment/list`). */
export function commentListQuery(token: string, templateId: number) {
  return queryOptions({
    queryKey: ['commentList', templateId, token],
    queryFn: async ({ signal }): Promise<Comment[]> =>
      (await read('commentList', { query: { templateId, token } }, signal)).data,
  })
}

/** A comment or a reply as the page sends it; the link's token is added here. */
export type NewComment = Omit<CommentCreateBody, 'token'>

/** Posts a comment or a reply with the link, then reads the comments again. */
export function useCreateComment(token: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (c: NewComment) =>
      unwrap(await api.call('commentCreate', { body: { ...c, token } })).data,
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
