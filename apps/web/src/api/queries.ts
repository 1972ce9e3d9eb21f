/**
 * Every read of the API as TanStack Query options: one function per endpoint, named after the endpoint
 * (`<endpoint>Query`), whose key starts with the endpoint's name, so `invalidateQueries({ queryKey:
 * [name] })` refreshes every read of it. Reads share one request per key (`allowDuplicate` is passed here,
 * once: the client's duplicate-request rule is for mutations, where it stops a double payment).
 */

import { queryOptions } from '@tanstack/react-query'
import type { EndpointArgs, EndpointName, User } from '@templet/api'
import { api, unwrap } from './client'

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

/** One template with its sizes and fields (`GET /template/detail`); the catalogue changes rarely. */
export function templateDetailQuery(id: number) {
  return queryOptions({
    queryKey: ['templateDetail', { id }],
    queryFn: async ({ signal }) => (await read('templateDetail', { query: { id } }, signal)).data,
    staleTime: 5 * 60_000,
  })
}

/** One page of the caller's creations (`GET /creation/list`), newest first. */
export function creationListQuery(filter: { typeId?: number; q?: string; page: number }) {
  const { typeId, q = '', page } = filter
  return queryOptions({
    queryKey: ['creationList', { typeId, q, page }],
    queryFn: async ({ signal }) => {
      const query = { typeId, q: q || undefined, page, pageSize: CREATION_PAGE_SIZE }
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
