import { apiAs, expect, registerUser, signIn, test } from './fixtures'

test.describe('Developer settings', () => {
  test('a key is created with a name and scopes, shown once to copy, listed by its hint, and revoked', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await signIn(page, account, '/dashboard')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Developer settings' }).click()
    await expect(page).toHaveURL(/\/developer$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Developer settings' })).toBeVisible()

    // Keyboard only: a nameless key is refused in place.
    await page.getByRole('button', { name: 'Create key' }).press('Enter')
    await expect(page.getByText('Give the key a name.')).toBeVisible()
    await expect(page.getByLabel('Name')).toBeFocused()
    await page.keyboard.type('Shop backend')
    await page.getByRole('checkbox', { name: /Render/ }).uncheck()
    await page.getByRole('button', { name: 'Create key' }).click()

    const dialog = page.getByRole('dialog', { name: 'Your new key' })
    await expect(dialog).toBeVisible()
    const key = await dialog.getByRole('textbox', { name: 'API key' }).inputValue()
    // The secret that signs the key's image URLs is shown beside it, once.
    await expect(dialog.getByRole('textbox', { name: 'Image URL secret' })).toHaveValue(
      /^tk_url_[0-9a-f]{64}$/,
    )
    expect(key).toMatch(/^tk_live_[\w-]{43}$/)
    await dialog.getByRole('button', { name: 'Done, I have copied it' }).click()
    await expect(dialog).toBeHidden()

    const list = page.getByTestId('api-key-list')
    const item = list.getByRole('listitem').filter({ hasText: 'Shop backend' })
    await expect(item).toContainText(`${key.slice(0, 12)}…${key.slice(-4)}`)
    await expect(item).toContainText('Read')
    await expect(item).not.toContainText('Render')
    await expect(item).toContainText('Never used')
    await expect(page.getByText(key)).toHaveCount(0)
    const listed = await apiAs(server, account.token, 'GET', '/key/list')
    expect(listed.total).toBe(1)

    await item.getByRole('button', { name: 'Revoke: Shop backend' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click()
    await expect(page.getByText('No keys yet.')).toBeVisible()
    expect((await apiAs(server, account.token, 'GET', '/key/list')).total).toBe(0)
  })

  test('a test key is chosen from the keyboard, made as tk_test_…, and marked Test in the list', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await signIn(page, account, '/developer')
    await page.getByLabel('Name').fill('Sandbox')
    const live = page.getByRole('radio', { name: /^Live/ })
    await expect(live).toBeChecked()
    // One tab stop for the group; the arrow keys move the choice.
    await live.focus()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('radio', { name: /^Test/ })).toBeChecked()
    await page.getByRole('button', { name: 'Create key' }).click()

    const dialog = page.getByRole('dialog', { name: 'Your new key' })
    expect(await dialog.getByRole('textbox', { name: 'API key' }).inputValue()).toMatch(/^tk_test_[\w-]{43}$/)
    await dialog.getByRole('button', { name: 'Done, I have copied it' }).click()
    const item = page.getByTestId('api-key-list').getByRole('listitem').filter({ hasText: 'Sandbox' })
    await expect(item).toContainText('Test')
    await expect(item).toContainText('tk_test_')
    // The form is back at Live for the next key.
    await expect(page.getByRole('radio', { name: /^Live/ })).toBeChecked()
  })

  test('reads in Chinese, and fits a phone', async ({ page, server }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    const account = await registerUser(server)
    await signIn(page, account, '/developer')
    await page.getByLabel('Language').selectOption('zh-CN')
    await expect(page.getByRole('heading', { level: 1, name: '开发者设置' })).toBeVisible()
    await page.getByLabel('名称').fill('手机')
    await page.getByRole('button', { name: '创建密钥' }).click()
    await expect(page.getByRole('dialog', { name: '您的新密钥' })).toBeVisible()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(375)
  })
})
