import { expect, PUBLIC_PATHS, registerUser, signIn, test } from './fixtures'

const protectedRoutes = [
  '/dashboard',
  '/templates',
  '/creation',
  '/pricing-plans',
  '/purchase-history',
  '/notifications',
]
/** Every stored value that is no session (docs/product.md#the-guard); `null` = the key is missing. */
const noSession: [string, string | null][] = [
  ['missing', null],
  ['empty string', ''],
  ['empty object', '{}'],
  ['null', 'null'],
  ['invalid JSON', '{"token":'],
]

test.describe('the guard', () => {
  for (const [kind, stored] of noSession) {
    test(`a ${kind} user record sends every protected route to /login with a redirect back, without showing it`, async ({
      page,
    }) => {
      // Records whether the logged-in shell was ever on screen, even for a frame (a protected page's HTML
      // holds a picture of it, which the boot script keeps hidden while it sends the visitor to sign in).
      await page.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('[data-slot="app-shell"]')?.checkVisibility())
            (window as { shellSeen?: boolean }).shellSeen = true
        }).observe(document, { childList: true, subtree: true })
      })
      await page.goto('/about-us')
      await page.evaluate((value) => {
        if (value === null) localStorage.removeItem('user')
        else localStorage.setItem('user', value)
      }, stored)
      for (const route of [...protectedRoutes, '/notifications?filter=unread']) {
        await page.goto(route)
        await expect(page).toHaveURL((url) => url.pathname === '/login')
        expect(new URL(page.url()).searchParams.get('redirect')).toBe(route)
        await expect(page.getByRole('heading', { name: 'Sign in to Templet' })).toBeVisible()
        expect(await page.evaluate(() => (window as { shellSeen?: boolean }).shellSeen ?? false)).toBe(false)
      }
    })
  }

  test('without a session the server sends a page of the app to sign in, before any of it is sent', async ({
    page,
  }) => {
    const pages: [string, number][] = []
    page.on('response', (r) => {
      if (r.request().resourceType() === 'document') pages.push([new URL(r.url()).pathname, r.status()])
    })
    await page.goto('/creation?type=2')
    await expect(page).toHaveURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/creation?type=2')
    expect(pages).toEqual([
      ['/creation', 302],
      ['/login', 200],
    ])
  })

  test('with a stale session cookie the inline first-paint script decides, which the CSP admits by its nonce', async ({
    page,
    context,
    baseURL,
  }) => {
    const refused: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text())
    })
    // The cookie says signed in, the browser holds no session (signed out in a way that kept the cookie).
    await context.addCookies([{ name: 'templet_signed_in', value: '1', url: baseURL }])
    const requested: string[] = []
    page.on('request', (r) => requested.push(new URL(r.url()).pathname))
    await page.goto('/creation?type=2')
    await expect(page).toHaveURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/creation?type=2')
    // The script is part of the page: nothing is fetched before the redirect is decided.
    expect(requested[0]).toBe('/creation')
    expect(requested).toContain('/login')
    expect(requested.filter((p) => /boot/.test(p))).toEqual([])
    expect(await page.locator('head script[nonce]').count()).toBe(1)
    expect(await page.locator('script[src*="boot"]').count()).toBe(0)
    expect(refused).toEqual([])
    // The cookie is gone: the next page of the app is refused by the server at once.
    expect((await context.cookies()).map((c) => c.name)).not.toContain('templet_signed_in')
  })

  test('a browser that keeps the session but refuses cookies still reaches the page it asked for, with no loop', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await page.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'cookie', {
        get: () => '',
        set: () => {},
        configurable: true,
      })
    })
    await page.goto('/about-us')
    await page.evaluate(
      ([token, id, email, name]) =>
        localStorage.setItem('user', JSON.stringify({ token, user: { id, email, name } })),
      [account.token, account.id, account.email, account.name] as const,
    )
    const pages: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'document') pages.push(new URL(r.url()).pathname)
    })
    await page.goto('/templates?q=card')
    await expect(page).toHaveURL((url) => url.pathname === '/templates' && url.search === '?q=card')
    await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible()
    // The server (no cookie) sent it to sign in; the app, finding the session there, came back without a load.
    expect(pages).toEqual(['/templates', '/login'])
  })

  test('every public route opens without a session', async ({ page }) => {
    for (const route of PUBLIC_PATHS) {
      await page.goto(route)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      expect(new URL(page.url()).pathname).toBe(route)
    }
  })

  test('an unknown path goes to /login without a session, and is a 404 inside the layout with one', async ({
    page,
    server,
  }) => {
    await page.goto('/no/such/page')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fno%2Fsuch%2Fpage$/)
    await signIn(page, await registerUser(server), '/no/such/page')
    await expect(page.getByRole('heading', { name: 'Page not found', level: 2 })).toBeVisible()
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }),
    ).toBeVisible()
  })

  test('a visitor with a session on /login or /register goes to its redirect, else to the dashboard', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server), '/login')
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/register')
    await expect(page).toHaveURL(/\/dashboard$/)
    await page.goto('/login?redirect=%2Fnotifications%3Ffilter%3Dunread')
    await expect(page).toHaveURL(/\/notifications\?filter=unread$/)
    await page.goto('/login?redirect=https%3A%2F%2Fevil.example')
    await expect(page).toHaveURL(/\/dashboard$/)
  })
})

test.describe('checkout pages', () => {
  test('show each offer to anonymous visitors, in both variants and both groups', async ({ page }) => {
    const cases = [
      ['/checkout/main/payment-49-9', 'One-off purchase', '$49.90', '100 credits'],
      ['/checkout/main/subscription-84-9', 'Monthly subscription', '$84.90', '275 credits every month'],
      ['/checkout1/promo/payment-139-9', 'One-off purchase', '$139.90', '480 credits'],
      ['/checkout1/main/subscription-49-9', 'Monthly subscription', '$49.90', '125 credits every month'],
    ] as const
    for (const [path, kind, price, credits] of cases) {
      await page.goto(path)
      const offer = page.getByTestId('offer')
      await expect(offer.getByRole('heading', { name: kind })).toBeVisible()
      await expect(offer).toContainText(price)
      await expect(offer).toContainText(credits)
      await expect(offer).toHaveAttribute('data-variant', path.split('/')[1] ?? '')
      // The customer signs in or registers right here; no internal words on the page.
      await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible()
      await expect(page.locator('main')).not.toContainText(/offer group|page variant|promo/i)
    }
  })

  test('an unknown group or ending, or any other path containing "checkout", is a public "offer not found"', async ({
    page,
  }) => {
    for (const path of [
      '/checkout/nope/payment-49-9',
      '/checkout/main/payment-50',
      '/checkout',
      '/my-checkout-page',
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: 'Offer not found' })).toBeVisible()
      expect(new URL(page.url()).pathname).toBe(path)
    }
  })
})
