import { describe, expect, it } from 'vitest'
import { DEFAULT_AFTER_LOGIN, loginPathFor, safeRedirect } from './redirect'

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
})
