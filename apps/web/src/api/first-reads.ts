/**
 * The reads of a signed-in page's first render (api/first-read-list.ts) as queries, fetched before that
 * render (start.tsx): src/boot.ts has sent them with the page (api/early-reads.ts), so they are usually
 * answered by the time the app's code has loaded, and the screen's first render is the page with its data
 * instead of skeletons followed by a second render.
 */

import { teamListQuery } from '../teams/teams-api'
import { type FirstRead, firstReadsOf } from './first-read-list'
import { creditBalanceQuery, dashboardSummaryQuery, myInfoQuery, myNotificationQuery } from './queries'
import { markReadBeforeStart, queryClient } from './query-client'

/** The query of each first read: the one the screens read, so they find its answer in the cache. */
const queryOf: Record<FirstRead, () => { queryKey: readonly unknown[] }> = {
  myInfo: myInfoQuery,
  unreadCount: () => myNotificationQuery('unread', 1),
  dashboardSummary: dashboardSummaryQuery,
  teamList: teamListQuery,
  creditBalance: creditBalanceQuery,
}

/**
 * Fetches the first reads of `pathname` (a page inside the signed-in layout) into the cache, waiting at most
 * `limitMs` for them: a slow answer leaves the first render to show skeletons as before (the read goes on,
 * and the screen's query joins it). A read that fails is left to the screen, which shows its error state.
 */
export async function fetchFirstReads(pathname: string, limitMs: number): Promise<void> {
  const queries = firstReadsOf(pathname).map((read) => queryOf[read]())
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, limitMs)
  })
  const reads = queries.map(async (options) => {
    await queryClient.prefetchQuery(options as Parameters<typeof queryClient.prefetchQuery>[0])
    markReadBeforeStart(options.queryKey)
  })
  await Promise.race([Promise.all(reads), limit])
  clearTimeout(timer)
}
