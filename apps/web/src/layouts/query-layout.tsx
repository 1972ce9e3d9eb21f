import { QueryClientProvider } from '@tanstack/react-query'
import { Outlet } from 'react-router'
import { queryClient } from '../api/query-client'

// start.tsx takes it from here: this route's chunk is loaded (and preloaded) before a signed-in page's
// first render anyway, where a module of its own would be one more request in a row.
export { fetchFirstReads } from '../api/first-reads'

/**
 * Around the routes that read server state (the logged-in app, the checkout pages): the app's one query
 * cache. A route of its own, so TanStack Query is not in the first load of the pre-rendered public pages,
 * which read nothing from the server.
 */
export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  )
}
