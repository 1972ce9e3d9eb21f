import type { Page, Request } from '@playwright/test'
import { FIRST_READ_REQUESTS, firstReadsOf } from '../src/api/first-read-list'
import { expect, holdApp, registerUser, signIn, storeSession, test } from './fixtures'

/**
 * The boot script (src/boot.ts) sends a signed-in page's first reads with the page and the API client takes
 * those answers (src/api/early-reads.ts); start.tsx fetches the same reads as queries before the first render
 * (src/api/first-reads.ts). Both take them from one list (src/api/first-read-list.ts), whose requests must be
 * the ones the client makes for those queries: otherwise a read is asked for twice.
 */

const readsOf = (path: string) => firstReadsOf(path).map((read) => `/api${FIRST_READ_REQUESTS[read]}`)
const DASHBOARD_READS = readsOf('/dashboard')
const LAYOUT_READS = readsOf('/notifications')

/** The API GETs the page makes from now on (path and query), in order. */
function recordReads(page: Page) {
  const reads: string[] = []
  page.on('request', (request: Request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/') && request.method() === 'GET') reads.push(url.pathname + url.search)
  })
  return reads
}

const STREAM = '/api/notification/stream'

/**
 * Resolves once the page has asked for its live notification stream. The app layout starts it in an effect,
 * after the screens of its render have mounted and asked for what they read, so their reads are all in `reads`
 * by then: what is not there was not asked for.
 */
const streamAsked = (reads: string[]) => expect.poll(() => reads).toContain(STREAM)

/** The reads in `reads` but the live stream. */
const screenReads = (reads: string[]) => reads.filter((read) => read !== STREAM)

test.describe('a signed-in page’s first reads, sent with the page', () => {
  test('the Dashboard asks for each of its reads once, before the app’s code has run', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server, 'Early Reader')
    await signIn(page, account, '/about-us')
    const release = await holdApp(page)
    const reads = recordReads(page)
    await page.goto('/dashboard')
    // The app's code is held back: these came from the page itself.
    await expect.poll(() => [...reads].sort()).toEqual([...DASHBOARD_READS].sort())
    release()
    await expect(page.getByTestId('credits')).toHaveText('5')
    await expect(page.getByRole('heading', { name: 'Welcome, Early Reader' })).toBeVisible()
    // The screens did not ask again.
    await streamAsked(reads)
    expect(screenReads(reads).sort()).toEqual([...DASHBOARD_READS].sort())
    expect(await page.evaluate(() => 'templetEarlyReads' in window)).toBe(false)
    // The pre-rendered first paint was replaced by the app's render.
    await expect(page.locator('[data-placeholder]')).toHaveCount(0)
  })

  for (const [path, heading] of [
    ['/notifications', 'Notifications'],
    ['/no-such-page', 'Page not found'],
  ] as const) {
    test(`${path} takes the layout’s reads and asks for its own`, async ({ page, server }) => {
      const account = await registerUser(server)
      await signIn(page, account, '/about-us')
      const reads = recordReads(page)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await streamAsked(reads)
      for (const read of LAYOUT_READS)
        expect(
          reads.filter((seen) => seen === read),
          read,
        ).toHaveLength(1)
      expect(reads).not.toContain('/api/dashboard/summary')
    })
  }

  test('an answer read for one session is not given to another', async ({ page, server }) => {
    const first = await registerUser(server, 'First Account')
    const second = await registerUser(server, 'Second Account')
    await signIn(page, first, '/about-us')
    const release = await holdApp(page)
    const reads = recordReads(page)
    await page.goto('/dashboard')
    await expect.poll(() => reads.length).toBe(DASHBOARD_READS.length)
    // Another tab signs in as someone else before this page's app has started.
    await storeSession(page, second)
    release()
    await expect(page.getByRole('heading', { name: 'Welcome, Second Account' })).toBeVisible()
    await page.getByRole('button', { name: 'Account' }).click()
    await expect(page.getByRole('menu')).toContainText(second.email)
  })

  test('a session the server no longer knows ends on the sign-in page', async ({ page }) => {
    await page.goto('/about-us')
    await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ token: 'no-such-token' })))
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
  })

  test('no reads for a visitor without a session, nor on a public page', async ({ page, server }) => {
    const reads = recordReads(page)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const account = await registerUser(server)
    await signIn(page, account, '/about-us')
    // The language switcher is enabled by the render after hydration: the screens have mounted by then, and
    // asked for whatever they read.
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeEnabled()
    // A request the page makes now: the page's earlier requests have been seen before it.
    const later = page.waitForRequest((request) => request.url().endsWith('/favicon.svg'))
    await page.evaluate(() => fetch('/favicon.svg', { cache: 'no-store' }))
    await later
    expect(reads).toEqual([])
  })
})

test.describe('the visitor’s texts, preloaded by the boot script', () => {
  for (const [locale, wanted, other] of [
    ['en-US', 'en', 'zh-CN'],
    ['zh-CN', 'zh-CN', 'en'],
  ] as const) {
    test(`a ${locale} browser preloads the ${wanted} catalogue and not the ${other} one`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ locale })
      const page = await context.newPage()
      const release = await holdApp(page)
      await page.goto('/login')
      const preloads = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
          (link) => new URL(link.href).pathname,
        ),
      )
      expect(preloads.filter((href) => href.startsWith(`/assets/${wanted}-`))).toHaveLength(1)
      expect(preloads.filter((href) => href.startsWith(`/assets/${other}-`))).toEqual([])
      release()
      await context.close()
    })
  }
})
