import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { AccountSession, User } from '@templet/api'
import { api, unwrap } from '../api/client'
import { read } from '../api/queries'

/** The caller's signed-in devices (`GET /user/sessions`), most recently used first. */
export function sessionListQuery() {
  return queryOptions({
    queryKey: ['sessionList'],
    queryFn: async ({ signal }): Promise<AccountSession[]> => (await read('sessionList', {}, signal)).data,
  })
}

/** Signs one device out; it leaves the list at once. */
export function useRevokeSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => unwrap(await api.call('sessionRevoke', { body: { id } })),
    onSuccess: (_data, id) =>
      queryClient.setQueryData<AccountSession[]>(['sessionList'], (list) => list?.filter((s) => s.id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sessionList'] }),
  })
}

/** Mails the confirmation link of the account's address again. */
export function useResendVerification() {
  return useMutation({
    mutationFn: async () => unwrap(await api.call('resendVerification')),
  })
}

/** The user as an update answers it, into the cache every screen reads it from. */
export function useStoreUser() {
  const queryClient = useQueryClient()
  return (user: User & { resetToken?: string }) => {
    const { resetToken: _rotated, ...me } = user
    queryClient.setQueryData(['myInfo'], me)
  }
}
