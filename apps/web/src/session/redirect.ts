/** Where the app goes after sign-in when no (usable) `redirect` was given. */
export const DEFAULT_AFTER_LOGIN = '/dashboard'

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
  if (url.pathname === '/login' || url.pathname === '/register') return DEFAULT_AFTER_LOGIN
  return `${url.pathname}${url.search}${url.hash}`
}

/** `/login?redirect=<path+search>` for a visitor without a session on `path`. */
export function loginPathFor(pathAndSearch: string): string {
  return `/login?redirect=${encodeURIComponent(pathAndSearch)}`
}
