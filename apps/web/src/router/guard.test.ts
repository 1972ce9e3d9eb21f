import { isCheckoutPath } from '@templet/api/paths'
import type { LoaderFunctionArgs } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { endSession, startSession } from '../session/session'
import { guardUnmatched, redirectSignedIn, requireSession } from './guard'

const at = (path: string) =>
  ({ request: new Request(new URL(path, window.location.origin)), params: {} }) as LoaderFunctionArgs

/** What a loader threw: React Router's redirect is a Response with the target in `Location`. */
function redirectOf(run: () => unknown): string | null {
  try {
    run()
    return null
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    expect(thrown.status).toBe(302)
    return thrown.headers.get('Location')
  }
}

const signIn = () =>
  startSession({
    token: 't0k3n',
    user: { id: 1, email: 'ana@example.com', name: 'Ana', credits: 5, subscription: null, createdAt: '' },
  } as Parameters<typeof startSession>[0])

describe('the route guard', () => {
  afterEach(() => {
    endSession()
    localStorage.clear()
  })

  it('sends a visitor without a session from a protected page to sign in, and back with its query', () => {
    expect(redirectOf(() => requireSession(at('/creation?typeId=3&q=card')))).toBe(
      '/login?redirect=%2Fcreation%3FtypeId%3D3%26q%3Dcard',
    )
  })

  it('lets a signed-in visitor through, and sends them from the sign-in pages to their redirect or the dashboard', () => {
    signIn()
    expect(requireSession(at('/purchase-history'))).toBeNull()
    expect(redirectOf(() => redirectSignedIn(at('/login')))).toBe('/dashboard')
    expect(redirectOf(() => redirectSignedIn(at('/register?redirect=%2Fcreation%3Ftype%3D2')))).toBe(
      '/creation?type=2',
    )
    expect(redirectOf(() => redirectSignedIn(at('/login?redirect=%2F%2Fevil.example')))).toBe('/dashboard')
  })

  it('counts any non-empty stored record as a session, and {} (a logout) or garbage as none', () => {
    for (const [stored, signedIn] of [
      ['{"user":{"id":1}}', true],
      ['{}', false],
      ['', false],
      ['null', false],
      ['[1]', false],
      ['{not json', false],
    ] as const) {
      localStorage.setItem('user', stored)
      expect(redirectOf(() => requireSession(at('/dashboard'))) === null, stored).toBe(signedIn)
      expect(redirectOf(() => redirectSignedIn(at('/login'))) === '/dashboard', stored).toBe(signedIn)
    }
  })

  it('keeps checkout pages public, even unmatched ones, and every other unknown path protected', () => {
    expect(isCheckoutPath('/Checkout/main/payment-49-9')).toBe(true)
    expect(isCheckoutPath('/checkout1/promo/subscription-84-9')).toBe(true)
    expect(guardUnmatched(at('/checkout/nope'))).toBeNull()
    expect(redirectOf(() => guardUnmatched(at('/no/such/page')))).toBe('/login?redirect=%2Fno%2Fsuch%2Fpage')
  })
})
