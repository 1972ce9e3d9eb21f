import type { Page } from '@playwright/test'
import { expect, registerUser, signIn, test } from './fixtures'

const STREAM = '/api/notification/stream'

/** Resolves once the page's live notification stream has answered (it then hears every new notification). */
const streamOpened = (page: Page) =>
  page.waitForResponse(
    (r) =>
      r.url().endsWith(STREAM) &&
      r.status() === 200 &&
      (r.headers()['content-type'] ?? '').startsWith('text/event-stream'),
  )

test.describe('live notifications', () => {
  // How soon an event reaches an open stream is the server's stream bench's figure (bench:stream), not this test's.
  test("a purchase in one tab raises the other tab's badge, without a reload", async ({
    context,
    server,
  }) => {
    const account = await registerUser(server)
    const buyer = await context.newPage()
    const watcher = await context.newPage()
    const buyerStream = streamOpened(buyer)
    await signIn(buyer, account)
    await buyerStream
    // The second tab shares the stored session, as a second tab of one browser does.
    const watcherStream = streamOpened(watcher)
    await watcher.goto('/dashboard')
    const stream = await watcherStream
    // The token goes in the header, never in the URL.
    expect(stream.url()).not.toContain(account.token)
    expect(await stream.request().headerValue('authorization')).toBe(`Bucket ${account.token}`)
    await expect(watcher.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible()
    let reloaded = false
    watcher.on('framenavigated', (frame) => {
      if (frame === watcher.mainFrame()) reloaded = true
    })

    await buyer.goto('/checkout/main/payment-49-9')
    await buyer.getByLabel('Card number').pressSequentially('4242424242424242')
    await buyer.getByLabel('Expiry date').pressSequentially('1234')
    await buyer.getByLabel('Security code (CVC)').fill('123')
    await buyer.getByRole('button', { name: 'Pay $49.90' }).click()
    await expect(buyer.getByTestId('checkout-success')).toBeVisible()
    await expect(watcher.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible()
    // The same event refreshes the balance the watching tab's dashboard shows.
    await expect(watcher.getByTestId('credits')).toHaveText('105')
    expect(reloaded).toBe(false)
  })

  test('logging out ends the stream and no new one is opened', async ({ page, server }) => {
    // The page's timers are the test's to run: the reader's pauses before connecting again are run out, not
    // waited out.
    await page.clock.install()
    const account = await registerUser(server)
    const opened = streamOpened(page)
    await signIn(page, account)
    const stream = (await opened).request()
    const streamRequests: string[] = []
    await page.getByRole('button', { name: /^Account menu/ }).click()
    page.on('request', (r) => {
      if (r.url().endsWith(STREAM)) streamRequests.push(`${r.method()} ${r.url()}`)
    })
    // Ended by the page (aborted), not by the server at its next heartbeat once the session is gone.
    const ended = page.waitForEvent('requestfailed', { predicate: (r) => r === stream })
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/$/)
    expect((await ended).failure()?.errorText).toBe('net::ERR_ABORTED')
    // Past the reader's longest pause (30 s): a reader still running would have asked again by now...
    await page.clock.runFor(60_000)
    // ...and its request would have been seen before this one, which the page makes afterwards.
    const later = page.waitForRequest((r) => r.url().endsWith('/favicon.svg'))
    await page.evaluate(() => fetch('/favicon.svg', { cache: 'no-store' }))
    await later
    expect(streamRequests).toEqual([])
  })
})
