import { type AuthData, authTokenOf, localStorageSession } from '@templet/api'
import { SIGNED_IN_COOKIE } from '@templet/api/paths'
import { chooseTeam } from './workspace'

/**
 * The one session store of the app, shared with the API client: the JSON record under `localStorage.user`
 * (docs/product.md#the-guard). Any non-empty object is a session for the guard (`exists`); the client sends a token only
 * when the record has one. Logout leaves `{}`, as the product stores it.
 */
export const session = localStorageSession('user', { clearedValue: '{}' })

/** Whether a session exists; read synchronously, so the guard decides before anything renders. */
export function hasSession(): boolean {
  return session.exists()
}

/** The token the API client sends with the stored session (a rotated one first), or null. */
export function sessionToken(): string | null {
  return authTokenOf(session.get())
}

/**
 * `<html data-session>` follows the session (app.css shows a public page's signed-in parts by it), and so does
 * the `SIGNED_IN_COOKIE` hint (@templet/api/paths), with which the server answers a page that src/boot.ts would
 * leave (a sign-in page with a session, a page of the app without one) with the redirect itself. Sign-in and
 * sign-out set both, and src/boot.ts before each first paint (a session stored or ended in another tab).
 * Returns whether the cookie now says what the session does (a browser may refuse cookies).
 */
export function markSession(signedIn: boolean): boolean {
  if (typeof document === 'undefined') return false
  if (signedIn) document.documentElement.dataset.session = ''
  else delete document.documentElement.dataset.session
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed name and value; the Cookie Store API is missing from some browsers the app serves
  document.cookie = `${SIGNED_IN_COOKIE}=${signedIn ? '1; Max-Age=31536000' : '; Max-Age=0'}; Path=/; SameSite=Lax`
  return document.cookie.split('; ').includes(`${SIGNED_IN_COOKIE}=1`) === signedIn
}

/**
 * Whether this tab signed out by the visitor's choice (logout), and has not signed in since. A screen still
 * on its way out may then read once more without a token and be answered 401: no session ended there, and
 * no one is to be sent to sign in for it. A session ended elsewhere (another tab, the server) still is.
 */
let signedOutByChoice = false
export function signedOutHere(): boolean {
  return signedOutByChoice
}

/** Signs in: the login or registration answer becomes the stored record. */
export function startSession(auth: AuthData): void {
  signedOutByChoice = false
  session.set({ token: auth.token, user: auth.user })
  markSession(true)
}

/** Signs out locally (never throws); `byChoice` for a logout, not a session refused or ended elsewhere. */
export function endSession({ byChoice = false } = {}): void {
  signedOutByChoice = byChoice
  session.end()
  // The next account in this tab starts in its own workspace.
  chooseTeam(undefined)
  markSession(false)
}
