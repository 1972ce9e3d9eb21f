/**
 * Every write of the API as a TanStack Query mutation hook, named `use<Endpoint>`; each says which reads it
 * makes stale (`invalidateQueries` by the endpoint's name) and, where the screen should not wait, updates the
 * cache at once and puts it back if the server refuses. A mutation goes through the client's
 * duplicate-request rule: an identical request still in flight is refused (a double-clicked "Pay").
 */

import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  BillingDetailsBody,
  CheckoutCreateBody,
  CheckoutPayBody,
  CreateCreationBody,
  TemplateType,
} from '@templet/api'
import { api, unwrap } from './client'
import { type myNotificationQuery, templateTypeListQuery } from './queries'

type NotificationPage = Awaited<ReturnType<NonNullable<ReturnType<typeof myNotificationQuery>['queryFn']>>>

/** Stars or unstars a template type: the star flips at once and flips back if the call fails. */
export function useStarTemplateType() {
  const queryClient = useQueryClient()
  const { queryKey } = templateTypeListQuery()
  return useMutation({
    mutationKey: ['starTemplateType'],
    mutationFn: async (type: TemplateType) =>
      unwrap(await api.call('starTemplateType', { body: { id: type.id, star: !type.starred } })).data,
    onMutate: async (type) => {
      await queryClient.cancelQueries({ queryKey })
      const previous = queryClient.getQueryData(queryKey)
      const star = !type.starred
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((item) =>
          item.id === type.id
            ? { ...item, starred: star, stars: Math.max(0, type.stars + (star ? 1 : -1)) }
            : item,
        ),
      )
      return { previous }
    },
    onSuccess: (data, type) => {
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((item) =>
          item.id === type.id ? { ...item, starred: data.starred, stars: data.stars } : item,
        ),
      )
    },
    onError: (_error, _type, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous)
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboardSummary'] }),
      ]),
  })
}

/** Marks notifications read in every cached page at once (`ids` undefined: all of them). */
function markCachedRead(queryClient: ReturnType<typeof useQueryClient>, ids?: number) {
  queryClient.setQueriesData<NotificationPage>({ queryKey: ['myNotification'] }, (page) =>
    page
      ? {
          ...page,
          items: page.items.map((item) =>
            ids === undefined || item.id === ids ? { ...item, check: 1 } : item,
          ),
        }
      : page,
  )
}

/** Marks one notification read at once; the lists and the badge are read again afterwards. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => unwrap(await api.call('markNotificationRead', { body: { id } })),
    onSuccess: (_data, id) => markCachedRead(queryClient, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['myNotification'] }),
  })
}

/** Marks every notification read. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => unwrap(await api.call('markAllNotificationsRead')),
    onSuccess: () => markCachedRead(queryClient),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['myNotification'] }),
  })
}

// Media: uploads and creations.

/** Uploads an image (`POST /upload/image`), reporting the share of the body sent (0..1) as it goes. */
export function useUploadImage() {
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (share: number) => void }) => {
      const result = await api.call('uploadImage', {
        body: { file },
        onUploadProgress: ({ loaded, total }) => onProgress?.(total > 0 ? loaded / total : 0),
      })
      const { resetToken: _rotated, ...upload } = unwrap(result).data
      return upload
    },
    // The editor says what failed (too large, not an image), in place of the generic toast.
    onError: () => undefined,
  })
}

/** Makes a creation (`POST /creation/create`, one credit): the credits and the history are read again. */
export function useCreateCreation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: CreateCreationBody) => {
      const { resetToken: _rotated, ...creation } = unwrap(await api.call('createCreation', { body })).data
      return creation
    },
    // The editor words the refusals (no credit: the way to buy more; a field: beside it).
    onError: () => undefined,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['myInfo'] }),
        queryClient.invalidateQueries({ queryKey: ['creditBalance'] }),
        queryClient.invalidateQueries({ queryKey: ['creationList'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboardSummary'] }),
      ]),
  })
}

/** Deletes a creation (`POST /creation/delete`); the history is read again. */
export function useDeleteCreation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: number) => unwrap(await api.call('deleteCreation', { body: { id } })).data,
    // The history says the delete failed and keeps the creation in the list.
    onError: () => undefined,
    onSettled: (_data, _error, id) => {
      queryClient.removeQueries({ queryKey: ['creationDetail', { id }] })
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['creationList'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboardSummary'] }),
      ])
    },
  })
}

/** Renames a creation; the lists, the dashboard and the creation itself are read again. */
export function useRenameCreation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { id: number; name: string }) =>
      unwrap(await api.call('renameCreation', { body: input })).data,
    // The form under the name field says what went wrong.
    onError: () => undefined,
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['creationList'] }),
        queryClient.invalidateQueries({ queryKey: ['creationDetail', { id }] }),
        queryClient.invalidateQueries({ queryKey: ['dashboardSummary'] }),
      ]),
  })
}

// ---- Billing: checkout and the subscription ----

/** What a payment or a change of plan makes stale: the balance (the header's too), lists, notices. */
const afterBilling = [
  ['myInfo'],
  ['creditBalance'],
  ['purchaseList'],
  ['creditHistory'],
  ['subscriptionCurrent'],
  ['checkoutDetail'],
  ['myNotification'],
  ['dashboardSummary'],
] as const

function invalidateBilling(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all(afterBilling.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

/** Opens a checkout for an offer (`POST /checkout/create`); with Stripe the answer has its page's URL. */
export function useCheckoutCreate() {
  return useMutation({
    mutationKey: ['checkoutCreate'],
    mutationFn: async (body: CheckoutCreateBody) => {
      const { resetToken: _rotated, ...data } = unwrap(await api.call('checkoutCreate', { body })).data
      return data
    },
    // The page says what went wrong in place (an existing subscription, an unknown offer).
    onError: () => {},
  })
}

/**
 * Pays a sandbox checkout by card (`POST /checkout/pay`). A second identical request while the first is in
 * flight is refused by the client, and the server grants a checkout once whatever arrives.
 */
export function useCheckoutPay() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['checkoutPay'],
    mutationFn: async (body: CheckoutPayBody) => {
      const { resetToken: _rotated, ...data } = unwrap(await api.call('checkoutPay', { body })).data
      return data
    },
    onError: () => {},
    onSettled: () => invalidateBilling(queryClient),
  })
}

/** Cancel at the period end, resume before it, or switch tier from the next period on. */
export function useSubscriptionChange() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['subscriptionChange'],
    mutationFn: async (
      change: { action: 'cancel' } | { action: 'resume' } | { action: 'switch'; offerId: string },
    ) => {
      const answer =
        change.action === 'switch'
          ? await api.call('subscriptionSwitch', { body: { offerId: change.offerId } })
          : await api.call(change.action === 'cancel' ? 'subscriptionCancel' : 'subscriptionResume')
      const { resetToken: _rotated, ...subscription } = unwrap(answer).data
      return subscription
    },
    onSuccess: (subscription) => queryClient.setQueryData(['subscriptionCurrent'], subscription),
    onSettled: () => invalidateBilling(queryClient),
  })
}

/**
 * Sets the team's billing name and address (`POST /billing/details`, its owner and admins): later receipts are
 * billed to them. The form says what was refused, in place of the generic toast.
 */
export function useBillingDetailsSave() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: BillingDetailsBody) => {
      const { resetToken: _rotated, ...data } = unwrap(await api.call('billingDetailsSave', { body })).data
      return data
    },
    onError: () => undefined,
    onSuccess: (data) => queryClient.setQueryData(['billingDetails'], data),
  })
}
