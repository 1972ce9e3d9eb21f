/**
 * Where visitors are sent (docs/product.md#the-guard), as rules with no dependencies (`@templet/api/paths`): the web app's
 * route loaders, sign-in forms and first-paint script, and the server that answers page requests, all decide
 * them here.
 */

/**
 * The cookie the web app keeps while the browser holds a session (in its storage, where the server cannot see
 * it): `1`, or absent. Not a credential, a hint with which the server answers a page request with the redirect
 * the page's own script would make, one page load sooner.
 */
export const SIGNED_IN_COOKIE = 'templet_signed_in'

/** Where the app goes after sign-in when no (usable) `redirect` was given. */
export const DEFAULT_AFTER_LOGIN = '/dashboard'

/** The sign-in pages, which a signed-in visitor is sent away from (and never sent back to after sign-in). */
export function isSignInPath(pathname: string): boolean {
  return pathname === '/login' || pathname === '/register'
}

/** Any path containing `checkout` is public (docs/product.md#the-guard). */
export function isCheckoutPath(pathname: string): boolean {
  return pathname.toLowerCase().includes('checkout')
}

/**
 * The `redirect` target if it is a path on this origin, else `/dashboard`: rejects absolute and
 * protocol-relative URLs (`https://…`, `//evil.com`, `/\evil.com`), other schemes (`javascript:`), control
 * characters, and the sign-in pages themselves (which would loop).
 */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || raw.length > 2048) return DEFAULT_AFTER_LOGIN
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return DEFAULT_AFTER_LOGIN
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return DEFAULT_AFTER_LOGIN
  let url: URL
  try {
    url = new URL(raw, 'http://same.origin')
  } catch {
    return DEFAULT_AFTER_LOGIN
  }
  if (url.origin !== 'http://same.origin') return DEFAULT_AFTER_LOGIN
  if (isSignInPath(url.pathname)) return DEFAULT_AFTER_LOGIN
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Where a visitor with a session on a sign-in page goes: the page's (usable) `redirect`, which a visitor sent to
 * sign in for a page and found signed in after all is returned to, else the dashboard. `search` is the page's
 * query (`location.search`).
 */
export function signedInTarget(search: string): string {
  return safeRedirect(new URLSearchParams(search).get('redirect'))
}

/** `/login?redirect=<path+search>` for a visitor without a session on `path`. */
export function loginPathFor(pathAndSearch: string): string {
  return `/login?redirect=${encodeURIComponent(pathAndSearch)}`
}
