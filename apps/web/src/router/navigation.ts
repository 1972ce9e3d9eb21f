/**
 * Navigation outside React (the API client's 401 handler): the router registers itself here, so modules
 * that navigate do not import the router (and the router does not import them).
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown

let navigateImpl: Navigate = (to) => window.location.assign(to)

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  void navigateImpl(to, options)
}
