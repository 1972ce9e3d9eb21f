/**
 * Navigation outside React (the API client's 401 handler): start.tsx registers the data router here once
 * it exists, so modules that navigate do not import the route table (which imports them). Before that (or
 * in the build-time pre-render) a navigation is a page load.
 */
interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): unknown
}

let router: Navigator | undefined

export function registerRouter(next: Navigator): void {
  router = next
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (router) void router.navigate(to, options)
  else window.location.assign(to)
}
