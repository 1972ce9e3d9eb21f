/**
 * Every read of the API as TanStack Query options: one function per endpoint, named after the endpoint
 * (`<endpoint>Query`), whose key starts with the endpoint's name, so `invalidateQueries({ queryKey:
 * [name] })` refreshes every read of it. Reads share one request per key (`allowDuplicate` is passed here,
 * once: the client's duplicate-request rule is for mutations, where it stops a double payment).
 */

import { queryOptions } from '@tanstack/react-query'
import type { EndpointArgs, EndpointName, OfferDetail, Subscription, User } from '@templet/api'
import { ApiFailureError, api, unwrap } from './client'

/** The answer of a read endpoint (`data` and, on lists, `total`), or a thrown ApiFailureError / ApiError. */
export async function read<N extends EndpointName>(name: N, args: EndpointArgs<N>, signal: AbortSignal) {
  // biome-ignore lint/suspicious/noExplicitAny: the client's rest parameters per endpoint; checked by callers.
  const call = api.call as (name: N, args: any) => ReturnType<typeof api.call<N>>
  return unwrap(await call(name, { ...(args as object), signal, allowDuplicate: true }))
}

/** The signed-in user (`GET /user/my-info`), without the rotated token the client has already stored. */
export function myInfoQuery() {
  return queryOptions({
    queryKey: ['myInfo'],
    queryFn: async ({ signal }): Promise<User> => {
      const { resetToken: _rotated, ...me } = (await read('myInfo', {}, signal)).data
      return me
    },
  })
}

/**
 * The balance of the workspace the tab works in (`GET /credit/balance`): a team's for any member, with the `Team`
 * header; the header's balance and Pricing Plans show it.
 */
export function creditBalanceQuery() {
  return queryOptions({
    queryKey: ['creditBalance'],
    queryFn: async ({ signal }) => {
      const { resetToken: _rotated, ...balance } = (await read('creditBalance', {}, signal)).data
      return balance
    },
  })
}

/** The name and address the team's receipts are billed to (`GET /billing/details`, its owner and admins), or null. */
export function billingDetailsQuery() {
  return queryOptions({
    queryKey: ['billingDetails'],
    queryFn: async ({ signal }) => {
      const { resetToken: _rotated, ...data } = (await read('billingDetails', {}, signal)).data
      return data
    },
  })
}

export type NotificationFilter = 'all' | 'unread' | 'read'
const checkOf: Record<NotificationFilter, '0' | '1' | undefined> = { all: undefined, unread: '0', read: '1' }

/** One page of the notifications (`GET /user/my-notification`), with the count over all pages. */
export function myNotificationQuery(filter: NotificationFilter, page: number, pageSize = 10) {
  return queryOptions({
    queryKey: ['myNotification', { filter, page, pageSize }],
    queryFn: async ({ signal }) => {
      const result = await read(
        'myNotification',
        { query: { check: checkOf[filter], page, pageSize } },
        signal,
      )
      return { items: result.data, total: result.total ?? result.data.length }
    },
  })
}

/** The badge count: `total` of the first page of unread notifications, as a number. */
export function unreadCountQuery() {
  return queryOptions({
    ...myNotificationQuery('unread', 1),
    select: (page) => page.total,
  })
}

/**
 * Everything the Dashboard shows (`GET /dashboard/summary`): balance and whether it is low, the plan, the
 * newest creations, the starred types with their first templates, the start template. One request.
 */
export function dashboardSummaryQuery() {
  return queryOptions({
    queryKey: ['dashboardSummary'],
    queryFn: async ({ signal }) => {
      const { resetToken: _rotated, ...summary } = (await read('dashboardSummary', {}, signal)).data
      return summary
    },
  })
}

/** The template types with the user's stars (`GET /template-type/list`). */
export function templateTypeListQuery() {
  return queryOptions({
    queryKey: ['templateTypeList'],
    queryFn: async ({ signal }) => (await read('templateTypeList', {}, signal)).data,
  })
}

// Media: templates, uploads and creations.

export const TEMPLATE_PAGE_SIZE = 24
export const CREATION_PAGE_SIZE = 12

/** One page of templates (`GET /template/list`), of one type and/or matching a search, with the total. */
export function templateListQuery(filter: { typeId?: number; q?: string; page?: number; pageSize?: number }) {
  const { typeId, q = '', page = 1, pageSize = TEMPLATE_PAGE_SIZE } = filter
  return queryOptions({
    queryKey: ['templateList', { typeId, q, page, pageSize }],
    queryFn: async ({ signal }) => {
      const query = { typeId, q: q || undefined, page, pageSize }
      const result = await read('templateList', { query }, signal)
      return { items: result.data, total: result.total ?? result.data.length }
    },
  })
}

/**
 * One template with its sizes and fields (`GET /template/detail`): its current version, or `version` (a
 * creation re-opens with the version it was made from); the catalogue changes rarely.
 */
export function templateDetailQuery(id: number, version?: number) {
  const query = version === undefined ? { id } : { id, version }
  return queryOptions({
    queryKey: ['templateDetail', query],
    queryFn: async ({ signal }) => (await read('templateDetail', { query }, signal)).data,
    staleTime: 5 * 60_000,
  })
}

export type CreationSort = 'newest' | 'oldest' | 'name'

/** One page of the caller's creations (`GET /creation/list`), searched and in the order asked (newest first). */
export function creationListQuery(filter: {
  typeId?: number
  q?: string
  sort?: CreationSort
  page: number
}) {
  const { typeId, q = '', sort = 'newest', page } = filter
  return queryOptions({
    queryKey: ['creationList', { typeId, q, sort, page }],
    queryFn: async ({ signal }) => {
      const query = { typeId, q: q || undefined, sort, page, pageSize: CREATION_PAGE_SIZE }
      const result = await read('creationList', { query }, signal)
      return { items: result.data, total: result.total ?? result.data.length }
    },
  })
}

/** One creation with its values and the uploads they name (`GET /creation/detail`), to open it again. */
export function creationDetailQuery(id: number) {
  return queryOptions({
    queryKey: ['creationDetail', { id }],
    queryFn: async ({ signal }) => {
      const { resetToken: _rotated, ...creation } = (await read('creationDetail', { query: { id } }, signal))
        .data
      return creation
    },
  })
}

/** One of the caller's uploads (`GET /upload/detail`): a draft names its image by id only. */
export function uploadDetailQuery(id: number) {
  return queryOptions({
    queryKey: ['uploadDetail', { id }],
    queryFn: async ({ signal }) => {
      const { resetToken: _rotated, ...upload } = (await read('uploadDetail', { query: { id } }, signal)).data
      return upload
    },
  })
}

// ---- Billing: offers, checkouts, purchases, the credit ledger, the subscription ----

/** Every offer (`GET /offer/list`): the one source of prices and credits; public, rarely changes. */
export function offerListQuery() {
  return queryOptions({
    queryKey: ['offerList'],
    queryFn: async ({ signal }) => (await read('offerList', {}, signal)).data,
    staleTime: 5 * 60_000,
  })
}

/** Who sells (`GET /seller`), as receipts and the policies name them; it changes with a deployment only. */
export function sellerQuery() {
  return queryOptions({
    queryKey: ['seller'],
    queryFn: async ({ signal }) => (await read('seller', {}, signal)).data,
    staleTime: 60 * 60_000,
  })
}

/**
 * One offer as a checkout page shows it (`GET /offer/detail`), or null for an unknown group or ending (a 404
 * is the page's "offer not found", not an error to toast).
 */
export function offerDetailQuery(id: string) {
  return queryOptions({
    queryKey: ['offerDetail', { id }],
    queryFn: async ({ signal }): Promise<OfferDetail | null> => {
      try {
        return (await read('offerDetail', { query: { id } }, signal)).data
      } catch (error) {
        if (error instanceof ApiFailureError && error.code === 404) return null
        throw error
      }
    },
    staleTime: 5 * 60_000,
  })
}

/** One of the caller's checkouts (`GET /checkout/detail`): the return from the payment provider's page. */
export function checkoutDetailQuery(id: string) {
  return queryOptions({
    queryKey: ['checkoutDetail', { id }],
    queryFn: async ({ signal }) => {
      const { resetToken: _rotated, ...detail } = (await read('checkoutDetail', { query: { id } }, signal))
        .data
      return detail
    },
  })
}

/** One page of the caller's payments and invoices (`GET /purchase/list`), newest first. */
export function purchaseListQuery(page: number, pageSize = 10) {
  return queryOptions({
    queryKey: ['purchaseList', { page, pageSize }],
    queryFn: async ({ signal }) => {
      const result = await read('purchaseList', { query: { page, pageSize } }, signal)
      return { items: result.data, total: result.total ?? result.data.length }
    },
  })
}

/** The receipt of one of the caller's purchases (`GET /purchase/receipt`), or null for a 404. */
export function purchaseReceiptQuery(id: number) {
  return queryOptions({
    queryKey: ['purchaseReceipt', { id }],
    queryFn: async ({ signal }) => {
      try {
        const { resetToken: _rotated, ...receipt } = (
          await read('purchaseReceipt', { query: { id } }, signal)
        ).data
        return receipt
      } catch (error) {
        // Unknown, or someone else's (the server answers both alike): the page says so, no toast.
        if (error instanceof ApiFailureError && (error.code === 404 || error.code === 400)) return null
        throw error
      }
    },
  })
}

/** One page of the caller's credit ledger (`GET /credit/history`), newest first. */
export function creditHistoryQuery(page: number, pageSize = 10) {
  return queryOptions({
    queryKey: ['creditHistory', { page, pageSize }],
    queryFn: async ({ signal }) => {
      const result = await read('creditHistory', { query: { page, pageSize } }, signal)
      return { items: result.data, total: result.total ?? result.data.length }
    },
  })
}

/**
 * The caller's subscription, or null (`GET /subscription/current`). The client turns the envelope's `data:
 * null` into `{}` (docs/product.md#client-conventions), so "none" is an answer without an id.
 */
export function subscriptionCurrentQuery() {
  return queryOptions({
    queryKey: ['subscriptionCurrent'],
    queryFn: async ({ signal }): Promise<Subscription | null> => {
      const data: Partial<Subscription> | null = (await read('subscriptionCurrent', {}, signal)).data
      return data && typeof data.id === 'number' ? (data as Subscription) : null
    },
  })
}
