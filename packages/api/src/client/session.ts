/**
 * The signed-in user's record as the app keeps it: the login answer's `token` (plus whatever else the app
 * stores with it, e.g. the user) and, after a rotation, the fresh `accessToken` that replaces it.
 */
export interface SessionRecord {
  token: string
  accessToken?: string
  [field: string]: unknown
}

/** Where the client reads the token from and writes a rotated one to. `get` returns null when signed out. */
export interface SessionStore {
  get(): SessionRecord | null
  set(record: SessionRecord): void
  clear(): void
}

/** The token a request is sent with: the rotated `accessToken` if present, else `token`; null when signed out. */
export function authTokenOf(record: SessionRecord | null): string | null {
  if (!record) return null
  if (typeof record.accessToken === 'string' && record.accessToken !== '') return record.accessToken
  return record.token || null
}

/** A stored value counts as a session only if it is a JSON object with a non-empty string `token`. */
export function parseSessionRecord(raw: string | null | undefined): SessionRecord | null {
  if (!raw) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const { token } = value as { token?: unknown }
  return typeof token === 'string' && token !== '' ? (value as SessionRecord) : null
}

/** The part of the Web Storage API the session needs (so tests and other runtimes can pass their own). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface LocalStorageSessionOptions {
  /** Another Web Storage (tests, other runtimes); the global `localStorage` by default. */
  storage?: KeyValueStorage
  /** What `clear` leaves under the key: by default the key is removed; an app may store e.g. `'{}'`. */
  clearedValue?: string
}

/** A session in Web Storage, with the checks an app's route guard needs before any request. */
export interface LocalStorageSession extends SessionStore {
  /**
   * Whether anything counts as signed in: the stored value parses to a non-empty JSON object, with or
   * without a token (a guard decides on it; the client sends no Authorization header without a token).
   * Missing, `''`, `{}`, `null`, an array, invalid JSON or unreadable storage are no session.
   */
  exists(): boolean
  /** `clear`, that never throws (storage that cannot be written holds no session either). */
  end(): void
}

/**
 * The session as a JSON record under `key` in `localStorage` (or `options.storage`). A missing, empty, `{}`,
 * `null` or unreadable value is no session. Storage that cannot be read (no `localStorage`, blocked by
 * privacy settings) is no session too; a failing write throws, so a lost sign-in is never silent.
 * The second argument may also be the storage itself.
 */
export function localStorageSession(
  key = 'user',
  options?: KeyValueStorage | LocalStorageSessionOptions,
): LocalStorageSession {
  const { storage, clearedValue } =
    options && 'getItem' in options ? { storage: options, clearedValue: undefined } : (options ?? {})
  const target = (): KeyValueStorage => storage ?? globalThis.localStorage
  const read = (): string | null => {
    try {
      return target().getItem(key)
    } catch {
      return null
    }
  }
  const clear = () => {
    if (clearedValue === undefined) target().removeItem(key)
    else target().setItem(key, clearedValue)
  }
  return {
    get: () => parseSessionRecord(read()),
    set(record) {
      target().setItem(key, JSON.stringify(record))
    },
    clear,
    exists() {
      const raw = read()
      if (!raw) return false
      try {
        const value: unknown = JSON.parse(raw)
        return (
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.keys(value).length > 0
        )
      } catch {
        return false
      }
    },
    end() {
      try {
        clear()
      } catch {
        // Nothing stored is no session.
      }
    },
  }
}

/** A session held in memory, for tests, scripts and apps that keep the token elsewhere. */
export function memorySession(initial: SessionRecord | null = null): SessionStore {
  let current = initial
  return {
    get: () => current,
    set(record) {
      current = record
    },
    clear() {
      current = null
    },
  }
}
