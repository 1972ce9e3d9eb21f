import type { AuthData } from '@templet/api'

/** The localStorage key of the signed-in user's record (PRODUCT.md §3). */
export const SESSION_KEY = 'user'

/** The stored value, or null when missing or unreadable (storage blocked). */
export function readSessionRaw(): string | null {
  try {
    return globalThis.localStorage?.getItem(SESSION_KEY) ?? null
  } catch {
    return null
  }
}

/**
 * Whether a session exists: the stored value parses to a non-empty object. Missing, `''`, `{}`, `null`,
 * an array or invalid JSON are no session. Read synchronously, so the guard decides before anything renders.
 */
export function hasSession(): boolean {
  const raw = readSessionRaw()
  if (!raw) return false
  try {
    const value: unknown = JSON.parse(raw)
    return (
      typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0
    )
  } catch {
    return false
  }
}

/** Signs in: the login or registration answer becomes the stored record. */
export function startSession(auth: AuthData): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: auth.token, user: auth.user }))
}

/** Signs out locally: an empty record, as the product stores it after logout. */
export function endSession(): void {
  try {
    localStorage.setItem(SESSION_KEY, '{}')
  } catch {
    // Storage that cannot be written holds no session either.
  }
}
