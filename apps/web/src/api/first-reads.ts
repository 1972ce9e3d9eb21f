/**
 * The reads of a signed-in page's first render, made before it (start.tsx): boot.js has sent them with
 * the page (api/early-reads.ts), so they are usually answered by the time the app's code has loaded, and
 * the screen's first render is the page with its data instead of skeletons followed by a second render.
 * Each read here is one boot.js sends (its step 5); e2e/early-reads.spec.ts checks that the two agree.
 */
import type { ScreenName } from '../router/screen-name'
import { dashboardSummaryQuery, myInfoQuery, myNotificationQuery } from './queries'
import { markReadBeforeStart, queryClient } from './query-client'

type Reads = () => { queryKey: readonly unknown[] }[]

/** The layout's user menu and the notification bell's count (unreadCountQuery's read). */
const layoutReads: Reads = () => [myInfoQuery(), myNotificationQuery('unread', 1)]

const readsOf: Partial<Record<ScreenName, Reads>> = {
  appLayout: layoutReads,
  // Any other path (not a checkout one, where boot.js sends nothing): the 404 page inside the layout.
  notFound: layoutReads,
  dashboard: () => [dashboardSummaryQuery()],
}

/**
 * Fetches the first reads of these screens into the cache, waiting at most `limitMs` for them: a slow
 * answer leaves the first render to show skeletons as before (the read goes on, and the screen's query
 * joins it). A read that fails is left to the screen, which shows its error state.
 */
export async function fetchFirstReads(screens: readonly ScreenName[], limitMs: number): Promise<void> {
  const queries = screens.flatMap((name) => readsOf[name]?.() ?? [])
  if (queries.length === 0) return
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
