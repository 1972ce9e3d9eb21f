import { describe, expect, it } from 'vitest'
import {
  DEFAULT_AFTER_LOGIN,
  isCheckoutPath,
  isSignInPath,
  loginPathFor,
  safeRedirect,
  signedInTarget,
} from './paths'

describe('the sign-in redirect', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeRedirect('/creation?typeId=3#top')).toBe('/creation?typeId=3#top')
    expect(safeRedirect('/checkout/main/payment-49-9')).toBe('/checkout/main/payment-49-9')
  })

  it('goes to the dashboard for anything that could leave the site or loop', () => {
    for (const raw of [
      null,
      undefined,
      '',
      'dashboard',
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/ok\u0000',
      '/ok\nSet-Cookie: x',
      '/login',
      '/register?redirect=%2Fdashboard',
      `/${'a'.repeat(2048)}`,
    ])
      expect(safeRedirect(raw), String(raw)).toBe(DEFAULT_AFTER_LOGIN)
  })

  it('writes where to come back to as one encoded parameter', () => {
    expect(loginPathFor('/creation?q=a&b')).toBe('/login?redirect=%2Fcreation%3Fq%3Da%26b')
    expect(
      safeRedirect(new URL(`http://x${loginPathFor('/creation?q=a&b')}`).searchParams.get('redirect')),
    ).toBe('/creation?q=a&b')
  })

  it('sends a signed-in visitor of a sign-in page back where they were sent from, else to the dashboard', () => {
    expect(signedInTarget('?redirect=%2Fcreation%3Ftype%3D2')).toBe('/creation?type=2')
    expect(signedInTarget('')).toBe(DEFAULT_AFTER_LOGIN)
    expect(signedInTarget('?redirect=https%3A%2F%2Fevil.example')).toBe(DEFAULT_AFTER_LOGIN)
    expect(signedInTarget('?redirect=%2Flogin')).toBe(DEFAULT_AFTER_LOGIN)
  })

  it('names the sign-in pages and the public checkout paths', () => {
    expect(['/login', '/register', '/login/x', '/'].map(isSignInPath)).toEqual([true, true, false, false])
    expect(['/checkout/main/payment-49-9', '/CheckOut', '/dashboard'].map(isCheckoutPath)).toEqual([
      true,
      true,
      false,
    ])
  })
})
