import { expectNoAxeViolations } from './axe'
import { type Account, apiAs, expect, registerUser, signIn, type TempletServer, test } from './fixtures'

async function createBanner(server: TempletServer, account: Account, name: string) {
  const list = await apiAs(server, account.token, 'GET', '/template/list?pageSize=100')
  const sale = (list.data as { id: number; names: { en: string } }[]).find(
    (t) => t.names.en === 'Seasonal sale',
  )
  if (!sale) throw new Error('the catalogue has no Seasonal sale template')
  const made = await apiAs(server, account.token, 'POST', '/creation/create', {
    templateId: sale.id,
    values: {},
    name,
  })
  expect(made.code, made.msg).toBe(0)
  return (made.data as { id: number }).id
}

test.describe('notifications that stay true', () => {
  test('a notification about a deleted creation leads to a page that says it was deleted', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    const id = await createBanner(server, account, 'Short-lived banner')
    await apiAs(server, account.token, 'POST', '/creation/delete', { id })
    await signIn(page, account, '/notifications')
    await page
      .getByTestId('notification-list')
      .getByRole('link', { name: '“Short-lived banner” is ready' })
      .click()
    await expect(page).toHaveURL(new RegExp(`/creation/${id}/edit$`))
    await expect(page.getByRole('heading', { level: 1, name: 'This creation was deleted' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: /^Deleted on / })).toBeVisible()
    await expect(page.getByText('The creation and its files are gone.', { exact: false })).toBeVisible()
    await expect(page.getByText('Page not found')).toHaveCount(0)
    await expectNoAxeViolations(page)
    await page.getByRole('link', { name: 'Go to Creation History' }).click()
    await expect(page).toHaveURL(/\/creation$/)
  })

  test('an hour of creations is one notification that counts them and opens Creation History', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    for (const name of ['One', 'Two', 'Three']) await createBanner(server, account, name)
    await signIn(page, account, '/notifications')
    const list = page.getByTestId('notification-list')
    const group = list.getByRole('link', { name: '3 creations are ready' })
    await expect(group).toBeVisible()
    await expect(list).toContainText('The latest is “Three”.')
    await expect(list.getByRole('link', { name: /is ready$/ })).toHaveCount(0)
    await group.click()
    await expect(page).toHaveURL(/\/creation$/)
  })

  test('a resumed plan replaces “cancelled” with “resumed”', async ({ page, server }) => {
    const account = await registerUser(server)
    const opened = await apiAs(server, account.token, 'POST', '/checkout/create', {
      offerId: 'main/subscription-49-9',
    })
    const { checkoutId } = opened.data as { checkoutId: string }
    await apiAs(server, account.token, 'POST', '/checkout/pay', {
      checkoutId,
      cardNumber: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    })
    await apiAs(server, account.token, 'POST', '/subscription/cancel')
    await apiAs(server, account.token, 'POST', '/subscription/resume')
    await signIn(page, account, '/notifications')
    const list = page.getByTestId('notification-list')
    await expect(list.getByRole('link', { name: 'Subscription resumed' })).toBeVisible()
    await expect(list).toContainText(/Your subscription goes on and renews on /)
    await expect(list.getByRole('link', { name: 'Subscription cancelled' })).toHaveCount(0)
  })
})
