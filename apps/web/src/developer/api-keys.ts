import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ApiKey, ApiKeyCreateBody } from '@templet/api'
import { api, unwrap } from '../api/client'
import { read } from '../api/queries'

/** The caller's live API keys (`GET /key/list`), newest first. */
export function apiKeyListQuery() {
  return queryOptions({
    queryKey: ['apiKeyList'],
    queryFn: async ({ signal }): Promise<ApiKey[]> => (await read('apiKeyList', {}, signal)).data,
  })
}

/** Creates a key; the answer holds the key itself, which is never shown again. */
export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: ApiKeyCreateBody) => {
      const { resetToken: _rotated, ...created } = unwrap(await api.call('apiKeyCreate', { body })).data
      return created
    },
    // The form says what was refused, in place of the generic toast.
    onError: () => undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['apiKeyList'] }),
  })
}

/** Revokes a key; it leaves the list at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => unwrap(await api.call('apiKeyRevoke', { body: { id } })),
    onSuccess: (_data, id) =>
      queryClient.setQueryData<ApiKey[]>(['apiKeyList'], (keys) => keys?.filter((k) => k.id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['apiKeyList'] }),
  })
}
