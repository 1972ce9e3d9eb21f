import { expectNoAxeViolations } from './axe'
import { expect, registerUser, signIn, solidPng, type TempletServer, test, uploadImage } from './fixtures'

/** Uploads a 120 × 80 PNG of one colour through the API under the file name `name`; returns its id. */
const uploadPng = async (server: TempletServer, token: string, name = 'photo.png') =>
  uploadImage(server, token, await solidPng(120, 80, '#2a9d8f'), name)

test.describe('My uploads', () => {
  test('shows the storage used of the plan’s allowance, lists the uploads, and deletes one after confirming', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server, 'Mary Shelley')
    await uploadPng(server, account.token)
    await uploadPng(server, account.token)
    await signIn(page, account)
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'My uploads' }).click()
    await expect(page).toHaveURL(/\/uploads$/)
    await expect(page.getByRole('heading', { level: 1, name: 'My uploads' })).toBeVisible()
    await expect(page.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute(
      'aria-valuetext',
      /^0 MB of 100 MB used$/,
    )
    await expect(page.getByText('Free plan · subscribe for more space')).toBeVisible()
    await expect(page.getByText('Uploads that no creation uses are deleted after 30 days.')).toBeVisible()
    const list = page.getByTestId('upload-list')
    await expect(list.getByRole('listitem')).toHaveCount(2)
    await expect(list.getByRole('img', { name: 'Uploaded image, 120×80' }).first()).toBeVisible()

    // Each upload shows its name and number, what a bulk CSV's image cell takes.
    await expect(list.getByText('photo.png', { exact: true })).toHaveCount(2)

    await list.getByRole('button', { name: 'Delete the 120×80 image' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Delete this upload?' })
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('The upload was deleted.', { exact: true })).toBeVisible()
    await expect(list.getByRole('listitem')).toHaveCount(1)
  })

  test('shows each upload’s name and number, copies the name, and fits a phone, in Chinese too', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server, 'Ada Lovelace')
    const long = `Ada Lovelace at the Analytical Engine, ${'a very long file name '.repeat(5)}.png`
    const id = await uploadPng(server, account.token, long)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.setViewportSize({ width: 375, height: 740 })
    await signIn(page, account, '/uploads')
    const item = page.getByTestId('upload-list').getByRole('listitem')
    await expect(item.getByText(long, { exact: true })).toBeVisible()
    await expect(item.getByText(String(id), { exact: true })).toBeVisible()
    await item.getByRole('button', { name: `Copy the name “${long}”` }).click()
    await expect(page.getByText('Name copied.', { exact: true })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(long)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

    await page.getByLabel('Language').first().selectOption('zh-CN')
    await expect(page.getByRole('heading', { level: 1, name: '我的上传' })).toBeVisible()
    await expect(item.getByText('编号')).toBeVisible()
    await expectNoAxeViolations(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })
})
