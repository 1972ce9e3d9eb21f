import {
  focusManager,
  MutationCache,
  type Query,
  QueryCache,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import { reportError } from '../feedback/notify'

/**
 * The app's one cache of server state (TanStack Query). A failed read is toasted once here (the client's
 * wording, in the current language) and the screen shows its error state with a retry; nothing is retried
 * by itself, since a refused or unreachable server would only be asked again for nothing. Data is stale at
 * once: a screen shows what it has and asks again when it mounts or the window regains focus (the badge
 * follows notifications that arrive meanwhile), except that the screens of the first render do not ask again
 * for what was read just before it (api/first-reads.ts). Mutations report their own failures (`onError`).
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => reportError(error) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.options.onError) reportError(error)
    },
  }),
  defaultOptions: {
    queries: { retry: false, staleTime: 0, refetchOnWindowFocus: true, refetchOnMount: notReadBeforeStart },
    mutations: { retry: false },
  },
})

/** When each read made before the first render was answered (api/first-reads.ts), by query hash. */
const readBeforeStart = new Map<string, number>()

/** How long after the first reads the screens that mount with them take them as they are. */
const FIRST_RENDER_MS = 3000

export function markReadBeforeStart(queryKey: QueryKey): void {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true })
  if (query?.state.status === 'success') readBeforeStart.set(query.queryHash, query.state.dataUpdatedAt)
}

/**
 * A screen that mounts asks for its data again (the data is stale at once), unless that data is the answer
 * read for the first render, unchanged and not invalidated since, and that render is only just over.
 */
function notReadBeforeStart(query: Query): boolean {
  const answeredAt = readBeforeStart.get(query.queryHash)
  if (answeredAt === undefined) return true
  if (
    query.state.isInvalidated ||
    query.state.dataUpdatedAt !== answeredAt ||
    Date.now() - answeredAt > FIRST_RENDER_MS
  ) {
    readBeforeStart.delete(query.queryHash)
    return true
  }
  return false
}

// TanStack Query v5 listens to `visibilitychange` only; switching windows (no tab change) is a `focus`.
focusManager.setEventListener((setFocused) => {
  if (typeof window === 'undefined') return
  const onFocus = () => setFocused(true)
  const onVisibility = () => setFocused(document.visibilityState === 'visible')
  window.addEventListener('focus', onFocus)
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    window.removeEventListener('focus', onFocus)
    document.removeEventListener('visibilitychange', onVisibility)
  }
})
