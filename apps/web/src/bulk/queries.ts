import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { BatchCsvBody, BatchDetail } from '@templet/api'
import { api, unwrap } from '../api/client'
import { read } from '../api/queries'

export const BATCH_PAGE_SIZE = 10
/** How often a running batch's progress is read (the live stream also refreshes it when the batch ends). */
const PROGRESS_POLL_MS = 1000

const withoutToken = ({ resetToken: _rotated, ...batch }: BatchDetail & { resetToken?: string }) => batch

/** One batch with its progress and failed rows; read again every second while it runs. */
export function batchDetailQuery(id: number) {
  return queryOptions({
    queryKey: ['batchDetail', { id }],
    queryFn: async ({ signal }) => withoutToken((await read('batchDetail', { query: { id } }, signal)).data),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? PROGRESS_POLL_MS : false),
  })
}

/** One page of the caller's batches, newest first; read again while one of them runs. */
export function batchListQuery(page: number) {
  return queryOptions({
    queryKey: ['batchList', { page }],
    queryFn: async ({ signal }) => {
      const result = await read('batchList', { query: { page, pageSize: BATCH_PAGE_SIZE } }, signal)
      return { items: result.data, total: result.total ?? result.data.length }
    },
    refetchInterval: (query) =>
      query.state.data?.items.some((b) => b.status === 'running') ? PROGRESS_POLL_MS * 3 : false,
  })
}

/** The CSV for a template, to download. */
export async function fetchCsvTemplate(templateId: number, locale: 'en' | 'zh-CN') {
  return unwrap(await api.call('batchCsvTemplate', { query: { templateId, locale } })).data
}

/** Reads and checks a CSV on the server, spending nothing. The screen says what was refused. */
export function useValidateBatch() {
  return useMutation({
    mutationFn: async (body: BatchCsvBody) => unwrap(await api.call('batchValidate', { body })).data,
    onError: () => undefined,
  })
}

/** Starts a batch: the balance and the history change at once. */
export function useCreateBatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: BatchCsvBody) =>
      withoutToken(unwrap(await api.call('batchCreate', { body })).data),
    // The screen says what was refused (a 402, a file the server could not read), in place of the generic toast.
    onError: () => undefined,
    onSuccess: (batch) => queryClient.setQueryData(batchDetailQuery(batch.id).queryKey, batch),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['batchList'] }),
        queryClient.invalidateQueries({ queryKey: ['myInfo'] }),
        queryClient.invalidateQueries({ queryKey: ['creditBalance'] }),
      ]),
  })
}

/** Cancels the rows not started; they are refunded. */
export function useCancelBatch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) =>
      withoutToken(unwrap(await api.call('batchCancel', { body: { id } })).data),
    onSuccess: (batch) => queryClient.setQueryData(batchDetailQuery(batch.id).queryKey, batch),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['batchList'] }),
        queryClient.invalidateQueries({ queryKey: ['myInfo'] }),
        queryClient.invalidateQueries({ queryKey: ['creditBalance'] }),
      ]),
  })
}
