import {
  type Account,
  apiAs,
  buyCredits,
  expect,
  registerUser,
  signIn,
  type TempletServer,
  test,
} from './fixtures'

/** Renders the "Seasonal sale" banner (季节促销) through the API; returns the creation's id. */
async function createBanner(server: TempletServer, account: Account): Promise<number> {
  const list = await apiAs(server, account.token, 'GET', '/template/list?pageSize=100')
  const sale = (list.data as { id: number; names: { en: string } }[]).find(
    (t) => t.names.en === 'Seasonal sale',
  )
  if (!sale) throw new Error('the catalogue has no Seasonal sale template')
  const made = await apiAs(server, account.token, 'POST', '/creation/create', {
    templateId: sale.id,
    values: {},
    name: 'Autumn offer',
  })
  expect(made.code).toBe(0)
  return (made.data as { id: number }).id
}

test.describe('notifications in the reader’s language', () => {
  test('a Chinese reader sees Chinese titles for notifications raised in English, and opening one marks it read and goes to its receipt', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server, 'Grace Hopper')
    const purchaseId = await buyCredits(server, account)
    await signIn(page, account, '/notifications')
    const list = page.getByTestId('notification-list')
    await expect(list.getByRole('link', { name: 'Payment received' })).toBeVisible()
    await expect(list.getByRole('link', { name: 'Welcome to Templet, Grace Hopper' })).toBeVisible()
    await expect(list).toContainText('100 credits were added to your account ($49.90).')
    const bell = page.locator('[data-slot="notification-bell"]')
    await expect(bell).toHaveAccessibleName('Notifications, 2 unread')

    await page.getByLabel('Language').selectOption('zh-CN')
    await expect(list.getByRole('link', { name: '付款成功' })).toBeVisible()
    await expect(list.getByRole('link', { name: '欢迎来到 Templet，Grace Hopper' })).toBeVisible()
    await expect(list).toContainText('已向你的账户添加 100 个积分')
    await expect(list).not.toContainText('Payment received')
    await expect(bell).toHaveAccessibleName('通知，2 条未读')

    await list.getByRole('link', { name: '付款成功' }).click()
    await expect(page).toHaveURL(new RegExp(`/purchase-history/${purchaseId}$`))
    await expect(bell).toHaveAccessibleName('通知，1 条未读')
    await page.goBack()
    const paid = list.getByRole('listitem').filter({ hasText: '付款成功' })
    await expect(paid).toBeVisible()
    await expect(paid.getByRole('button', { name: '标为已读' })).toHaveCount(0)
    // Still read after a reload: the server has it.
    await page.reload()
    await expect(list.getByRole('listitem').filter({ hasText: '付款成功' }).getByText('未读')).toHaveCount(0)
  })

  test('a finished creation names its template in the reader’s language and opens the creation', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    const creationId = await createBanner(server, account)
    await page.addInitScript(() => localStorage.setItem('templet.language', 'zh-CN'))
    await signIn(page, account, '/notifications')
    const ready = page.getByTestId('notification-list').getByRole('link', { name: '「Autumn offer」已生成' })
    await expect(ready).toBeVisible()
    await expect(page.getByTestId('notification-list')).toContainText(
      '由模板「季节促销」生成，可在作品历史中下载。',
    )
    await ready.click()
    await expect(page).toHaveURL(new RegExp(`/creation/${creationId}/edit$`))
  })

  test('the keyboard opens a notification, and the unread filter says when nothing is unread', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await signIn(page, account, '/notifications?filter=unread')
    const welcome = page.getByRole('link', { name: 'Welcome to Templet, Ada Lovelace' })
    await welcome.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/templates$/)
    await page.goBack()
    await expect(page.getByRole('heading', { name: 'Nothing unread' })).toBeVisible()
    await expect(page.getByText('You are all caught up: no unread notifications.')).toBeVisible()
  })
})
