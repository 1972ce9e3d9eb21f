import { expectNoAxeViolations } from './axe'
import { type Account, apiAs, expect, registerUser, signIn, type TempletServer, test } from './fixtures'

/** Makes a Photo feature creation through the API, with `headline` typed and an optional name. */
async function createFeature(server: TempletServer, account: Account, headline: string, name?: string) {
  const list = await apiAs(server, account.token, 'GET', '/template/list?pageSize=100')
  const feature = (list.data as { id: number; names: { en: string } }[]).find(
    (t) => t.names.en === 'Photo feature',
  )
  if (!feature) throw new Error('the catalogue has no Photo feature template')
  const made = await apiAs(server, account.token, 'POST', '/creation/create', {
    templateId: feature.id,
    values: { headline },
    ...(name ? { name } : {}),
  })
  expect(made.code, made.msg).toBe(0)
  return made.data as { id: number; name: string }
}

test.describe('Creation History: names and search', () => {
  test('search finds a creation by a word typed in its headline, in English and Chinese, and the search survives a reload', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await createFeature(server, account, 'Golden sunset over the bay', 'Harbour post')
    const chinese = await createFeature(server, account, '今晚的日落很美')
    // Named by its headline when no name was given.
    expect(chinese.name).toBe('今晚的日落很美')
    await signIn(page, account, '/creation')
    const list = page.getByTestId('creation-list')
    // The first load of the history on a busy machine: its thumbnails are signed and served by the same server.
    await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 })

    const search = page.getByLabel('Search names and typed text')
    await search.fill('Sunset')
    await expect(page).toHaveURL(/[?&]q=Sunset/)
    await expect(list.getByRole('listitem')).toHaveCount(1)
    await expect(list.getByRole('heading', { name: 'Harbour post' })).toBeVisible()
    await expect(page.getByText('1 creation found for “Sunset”')).toBeAttached()
    await expectNoAxeViolations(page)

    // Reloaded (or shared), the link shows the same search.
    await page.reload()
    await expect(search).toHaveValue('Sunset')
    await expect(list.getByRole('listitem')).toHaveCount(1)

    await search.fill('日落')
    await expect(list.getByRole('listitem')).toHaveCount(1)
    await expect(list.getByRole('heading', { name: '今晚的日落很美' })).toBeVisible()

    await search.fill('moonrise')
    await expect(page.getByRole('heading', { name: 'No creations found' })).toBeVisible()
    await expect(page.getByText('No creation has “moonrise” in its name or its text.')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Clear search and filters' }).click()
    await expect(list.getByRole('listitem')).toHaveCount(2)
    await expect(search).toHaveValue('')
  })

  test('sorted by name or date, and renamed by keyboard with its name checked', async ({ page, server }) => {
    const account = await registerUser(server)
    await createFeature(server, account, 'First', 'banana')
    await createFeature(server, account, 'Second', 'Apple')
    await signIn(page, account, '/creation')
    const headings = page.getByTestId('creation-list').getByRole('heading')
    await expect(headings).toHaveText(['Apple', 'banana'])
    await page.getByLabel('Order').selectOption('oldest')
    await expect(page).toHaveURL(/sort=oldest/)
    await expect(headings).toHaveText(['banana', 'Apple'])
    await page.getByLabel('Order').selectOption('name')
    await expect(headings).toHaveText(['Apple', 'banana'])

    await page.getByRole('button', { name: 'Rename banana' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Rename this creation' })
    await expect(dialog).toBeVisible()
    const field = dialog.getByLabel('Name')
    await expect(field).toBeFocused()
    await field.fill('   ')
    await page.keyboard.press('Enter')
    await expect(dialog.getByText('Enter a name.')).toBeVisible()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expectNoAxeViolations(page)
    await field.fill('Cherry tart')
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(headings).toHaveText(['Apple', 'Cherry tart'])
    await page.getByLabel('Search names and typed text').fill('cherry')
    await expect(headings).toHaveText(['Cherry tart'])
  })

  test('on a phone the filters stack and the list reads in Chinese', async ({ page, server }) => {
    const account = await registerUser(server)
    await createFeature(server, account, '今晚的日落很美')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.addInitScript(() => localStorage.setItem('templet.language', 'zh-CN'))
    await signIn(page, account, '/creation?q=%E6%97%A5%E8%90%BD')
    await expect(page.getByLabel('搜索名称和填写的文字')).toHaveValue('日落')
    await expect(page.getByTestId('creation-list').getByRole('listitem')).toHaveCount(1)
    const box = await page.getByLabel('搜索名称和填写的文字').boundingBox()
    expect(box?.width ?? 0).toBeGreaterThan(300)
    await expectNoAxeViolations(page)
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/creation-phone-zh.png`, fullPage: true })
  })
})
