import { describe, expect, it, vi } from 'vitest'
import { authTokenOf, type KeyValueStorage, localStorageSession, memorySession } from './session'

/** A Web Storage stand-in (Node has no localStorage); `values` is what the browser would hold. */
function fakeStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial))
  const storage: KeyValueStorage = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value)
    },
    removeItem: (key) => {
      values.delete(key)
    },
  }
  return { values, storage }
}

describe('localStorageSession', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['an empty object', '{}'],
    ['null', 'null'],
    ['not JSON', '{"token":'],
    ['an array', '["t1"]'],
    ['a record without a token', '{"accessToken":"a1"}'],
    ['a record with an empty token', '{"token":""}'],
  ])('counts a value that is %s as no session', (_label, raw) => {
    const { storage } = fakeStorage(raw === undefined ? {} : { user: raw })
    expect(localStorageSession('user', storage).get()).toBeNull()
  })

  it('reads the JSON record under its key, with the fields the app keeps beside the token', () => {
    const record = { token: 't1', accessToken: 'a1', user: { id: 1, name: 'Ann' } }
    const { storage } = fakeStorage({ user: JSON.stringify(record), other: '{"token":"x"}' })
    expect(localStorageSession('user', storage).get()).toEqual(record)
    expect(localStorageSession('other', storage).get()).toEqual({ token: 'x' })
  })

  it('writes the record as JSON and removes it on clear', () => {
    const { storage, values } = fakeStorage()
    const session = localStorageSession('user', storage)
    session.set({ token: 't1', accessToken: 'a1' })
    expect(JSON.parse(values.get('user') ?? '')).toEqual({ token: 't1', accessToken: 'a1' })
    session.clear()
    expect(values.has('user')).toBe(false)
    expect(session.get()).toBeNull()
  })

  it('counts storage that cannot be read as no session', () => {
    const blocked: KeyValueStorage = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError')
      },
      setItem: () => {},
      removeItem: () => {},
    }
    expect(localStorageSession('user', blocked).get()).toBeNull()
  })

  it('uses the global localStorage when given no storage, and none at all is no session', () => {
    const { storage } = fakeStorage({ user: '{"token":"t1"}' })
    try {
      vi.stubGlobal('localStorage', storage)
      expect(localStorageSession().get()).toEqual({ token: 't1' })
      vi.stubGlobal('localStorage', undefined)
      expect(localStorageSession().get()).toBeNull()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('localStorageSession: exists, end and clearedValue', () => {
  it.each([
    ['missing', undefined, false],
    ['empty', '', false],
    ['an empty object', '{}', false],
    ['null', 'null', false],
    ['not JSON', '{"token":', false],
    ['an array', '["t1"]', false],
    ['a record without a token', '{"user":{"id":1}}', true],
    ['a record with a token', '{"token":"t1"}', true],
  ])('exists() for a value that is %s: %s', (_label, raw, expected) => {
    const { storage } = fakeStorage(raw === undefined ? {} : { user: raw })
    expect(localStorageSession('user', { storage }).exists()).toBe(expected)
  })

  it('leaves clearedValue under the key on clear, and end() never throws', () => {
    const { storage, values } = fakeStorage({ user: '{"token":"t1"}' })
    const session = localStorageSession('user', { storage, clearedValue: '{}' })
    session.clear()
    expect(values.get('user')).toBe('{}')
    expect(session.exists()).toBe(false)
    const readOnly: KeyValueStorage = {
      getItem: () => '{"token":"t1"}',
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError')
      },
      removeItem: () => {},
    }
    const stuck = localStorageSession('user', { storage: readOnly, clearedValue: '{}' })
    expect(() => stuck.clear()).toThrow()
    expect(() => stuck.end()).not.toThrow()
  })
})

describe('memorySession', () => {
  it('holds a record until it is cleared', () => {
    const session = memorySession({ token: 't1' })
    expect(session.get()).toEqual({ token: 't1' })
    session.set({ token: 't2' })
    expect(session.get()).toEqual({ token: 't2' })
    session.clear()
    expect(session.get()).toBeNull()
  })
})

describe('authTokenOf', () => {
  it('is the rotated accessToken when there is one, else the token, else null', () => {
    expect(authTokenOf({ token: 't1', accessToken: 'a1' })).toBe('a1')
    expect(authTokenOf({ token: 't1', accessToken: '' })).toBe('t1')
    expect(authTokenOf({ token: 't1' })).toBe('t1')
    expect(authTokenOf({ token: '' })).toBeNull()
    expect(authTokenOf(null)).toBeNull()
  })
})
