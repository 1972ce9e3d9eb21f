/**
 * The reads of a signed-in page's first render, by the request the API client makes for each. src/boot.ts
 * sends them with the page, before the app's code has loaded (api/early-reads.ts); start.tsx then fetches the
 * same reads as queries (api/first-reads.ts), which the client answers from those requests. No dependencies:
 * the list is compiled into the inline boot script.
 */

/** Each first read and its request, as the client sends it (path under the API's base, query keys sorted). */
export const FIRST_READ_REQUESTS = {
  myInfo: '/user/my-info',
  /** The first page of unread notifications: the bell's count. */
  unreadCount: '/user/my-notification?check=0&page=1&pageSize=10',
  dashboardSummary: '/dashboard/summary',
  /** The teams of the header's workspace switcher. */
  teamList: '/team/list',
  /** The header's balance: the workspace's, a team's in a team's. */
  creditBalance: '/credit/balance',
} as const
export type FirstRead = keyof typeof FIRST_READ_REQUESTS

/**
 * The reads of every page inside the signed-in layout (and of its 404): the user menu, the bell, the switcher,
 * the balance.
 */
const LAYOUT_READS: readonly FirstRead[] = ['myInfo', 'unreadCount', 'teamList', 'creditBalance']
/** A screen's own first reads, by its path. */
const SCREEN_READS: Readonly<Record<string, readonly FirstRead[]>> = {
  '/dashboard': ['dashboardSummary'],
}

/** The first reads of `pathname`, a page inside the signed-in layout (any trailing slash ignored). */
export function firstReadsOf(pathname: string): FirstRead[] {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname
  return [...LAYOUT_READS, ...(SCREEN_READS[path] ?? [])]
}
