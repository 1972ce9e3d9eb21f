import { afterEach, describe, expect, it } from 'vitest'
import { endSession, hasSession, session, signedOutHere, startSession } from './session'

const auth = {
  token: 'abc',
  user: { id: 7, email: 'li@example.com', name: 'Li', credits: 5, subscription: null, createdAt: '' },
} as Parameters<typeof startSession>[0]

const signedInCookie = () => document.cookie.split('; ').includes('templet_signed_in=1')

describe('the session', () => {
  afterEach(() => {
    endSession()
    localStorage.clear()
  })

  it('keeps the sign-in answer under localStorage.user and marks the page and the cookie', () => {
    startSession(auth)
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toEqual({ token: 'abc', user: auth.user })
    expect(session.get()?.token).toBe('abc')
    expect(hasSession()).toBe(true)
    expect(document.documentElement.hasAttribute('data-session')).toBe(true)
    expect(signedInCookie()).toBe(true)
  })

  it('leaves {} on logout, unmarks the page, drops the cookie, and remembers it was chosen here', () => {
    startSession(auth)
    endSession({ byChoice: true })
    expect(localStorage.getItem('user')).toBe('{}')
    expect(hasSession()).toBe(false)
    expect(document.documentElement.hasAttribute('data-session')).toBe(false)
    expect(signedInCookie()).toBe(false)
    expect(signedOutHere()).toBe(true)
    startSession(auth)
    expect(signedOutHere()).toBe(false)
  })

  it('does not count a session ended elsewhere as a logout of this tab', () => {
    startSession(auth)
    endSession()
    expect(signedOutHere()).toBe(false)
  })

  it('sends no token for a stored record without one, though the guard counts it as signed in', () => {
    localStorage.setItem('user', JSON.stringify({ user: auth.user }))
    expect(hasSession()).toBe(true)
    expect(session.get()).toBeNull()
  })
})
