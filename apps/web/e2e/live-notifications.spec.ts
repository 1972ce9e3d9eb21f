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
  test("a purchase in one tab raises the other tab's badge within a second, without a reload", async ({
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
    const paidAt = Date.now()
    await expect(watcher.getByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible({
      timeout: 1000,
    })
    expect(Date.now() - paidAt).toBeLessThan(1000)
    // The same event refreshes the balance the watching tab's dashboard shows.
    await expect(watcher.getByTestId('credits')).toHaveText('105')
    expect(reloaded).toBe(false)
  })

  test('logging out ends the stream and no new one is opened', async ({ page, server }) => {
    const account = await registerUser(server)
    const opened = streamOpened(page)
    await signIn(page, account)
    await opened
    let requestsAfterLogout = 0
    await page.getByRole('button', { name: /^Account menu/ }).click()
    page.on('request', (r) => {
      if (r.url().endsWith(STREAM)) requestsAfterLogout += 1
    })
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.waitForTimeout(1500)
    expect(requestsAfterLogout).toBe(0)
  })
})
