/**
 * The reads and writes of My uploads (`/upload/list`, `/upload/usage`, `/upload/delete`), in the manner of
 * queries.ts and mutations.ts: keys start with the endpoint's name.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { PAGE_SIZE_MAX } from '@templet/api/limits'
import { api, unwrap } from './client'
import { read } from './queries'

export const UPLOAD_PAGE_SIZE = 24

/** One page of the caller's uploads (`GET /upload/list`), newest first. */
export function uploadListQuery(page: number) {
  return queryOptions({
    queryKey: ['uploadList', { page }],
    queryFn: async ({ signal }) => {
      const result = await read('uploadList', { query: { page, pageSize: UPLOAD_PAGE_SIZE } }, signal)
      return { items: result.data, total: result.total ?? result.data.length }
    },
  })
}

/** The caller's newest uploads, as many as one page holds: what Bulk create's grid suggests and draws by name. */
export function recentUploadsQuery() {
  return queryOptions({
    queryKey: ['uploadList', { page: 1, pageSize: PAGE_SIZE_MAX }],
    queryFn: async ({ signal }) =>
      (await read('uploadList', { query: { page: 1, pageSize: PAGE_SIZE_MAX } }, signal)).data,
  })
}

/** The storage the caller's uploads take and what the plan allows (`GET /upload/usage`). */
export function uploadUsageQuery() {
  return queryOptions({
    queryKey: ['uploadUsage'],
    queryFn: async ({ signal }) => {
      const { resetToken: _rotated, ...usage } = (await read('uploadUsage', {}, signal)).data
      return usage
    },
  })
}

/** Deletes one upload; the list and the usage are read again. */
export function useDeleteUpload() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => unwrap(await api.call('deleteUpload', { body: { id } })).data,
    onError: () => undefined,
    onSettled: (_data, _error, id) => {
      queryClient.removeQueries({ queryKey: ['uploadDetail', { id }] })
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['uploadList'] }),
        queryClient.invalidateQueries({ queryKey: ['uploadUsage'] }),
      ])
    },
  })
}
