import { focusManager, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { reportError } from '../feedback/notify'

/**
 * The app's one cache of server state (TanStack Query). A failed read is toasted once here (the client's
 * wording, in the current language) and the screen shows its error state with a retry; nothing is retried
 * by itself, since a refused or unreachable server would only be asked again for nothing. Data is stale at
 * once: a screen shows what it has and asks again when it mounts or the window regains focus (the badge
 * follows notifications that arrive meanwhile). Mutations report their own failures (`onError`).
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => reportError(error) }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      if (!mutation.options.onError) reportError(error)
    },
  }),
  defaultOptions: {
    queries: { retry: false, staleTime: 0, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
})

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
