/**
 * Where visitors are sent, as rules with no dependencies: the route loaders (src/router/guard.ts), the sign-in
 * forms and src/boot.ts (the redirects the HTML can decide, before the first paint) all decide them here.
 */

/** Where the app goes after sign-in when no (usable) `redirect` was given, and a signed-in visitor of `/login`. */
export const DEFAULT_AFTER_LOGIN = '/dashboard'

/** The sign-in pages, which a signed-in visitor is sent away from (and never sent back to after sign-in). */
export function isSignInPath(pathname: string): boolean {
  return pathname === '/login' || pathname === '/register'
}

/** Any path containing `checkout` is public (PRODUCT.md §3). */
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

/** `/login?redirect=<path+search>` for a visitor without a session on `path`. */
export function loginPathFor(pathAndSearch: string): string {
  return `/login?redirect=${encodeURIComponent(pathAndSearch)}`
}
