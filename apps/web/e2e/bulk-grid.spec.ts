import { readFileSync } from 'node:fs'
import { unzipSync } from 'fflate'
import { expectNoAxeViolations } from './axe'
import { tealOrCoral } from './bulk-templates'
import { apiAs, buyCredits, expect, registerUser, signIn, solidPng, test, uploadImage } from './fixtures'

test.describe('Bulk create’s grid', () => {
  test('20 rows pasted from a spreadsheet: a choice by label, a photo by upload name, a bad row marked in its cell; made and downloaded as a ZIP', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    const id = await tealOrCoral(server, account.token, { photo: true })
    await buyCredits(server, account)
    await uploadImage(server, account.token, await solidPng(160, 90, '#264653'), 'beach.png')
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn(page, account, `/bulk?template=${id}`)

    const grid = page.getByRole('table', { name: 'Rows to create' })
    await expect(grid.getByRole('columnheader', { name: 'Headline headline' })).toBeVisible()
    await expect(page.getByTestId('bulk-grid-summary')).toHaveText('Fill in a row to see what it costs.')

    // Copied from a spreadsheet with its header row, in another order than the grid's; row 7 is too long.
    const rows = Array.from({ length: 20 }, (_, i) => [
      i % 2 === 0 ? 'Teal' : 'coral',
      i === 6 ? 'Far too long a headline' : `Card ${i + 1}`,
      i === 0 ? 'beach.png' : '',
      `card-${String(i + 1).padStart(2, '0')}`,
    ])
    const tsv = [['Colour', 'headline', 'Photo', 'name'], ...rows].map((r) => r.join('\t')).join('\n')
    await page.evaluate((text) => navigator.clipboard.writeText(text), tsv)
    await grid.getByRole('textbox', { name: 'Headline, row 1', exact: true }).focus()
    await page.keyboard.press('ControlOrMeta+V')

    await expect(grid.getByTestId('bulk-grid-row')).toHaveCount(20)
    await expect(grid.getByRole('combobox', { name: 'Colour, row 2', exact: true })).toHaveValue('coral')
    await expect(grid.getByRole('combobox', { name: 'Photo, row 1', exact: true })).toHaveValue('beach.png')
    await expect(page.getByTestId('bulk-grid-summary')).toHaveText('20 rows: 19 ready, 1 with problems')
    const bad = grid.getByRole('textbox', { name: 'Headline, row 7', exact: true })
    await expect(bad).toHaveAttribute('aria-invalid', 'true')
    await expect(bad).toHaveAccessibleDescription('Headline: Must be at most 12 characters')
    // Each filled row is drawn in the browser.
    const picture = grid.getByTestId('bulk-row-picture').first().locator('canvas')
    await expect(picture).toBeVisible()
    // Row 1's photo, named by its upload's name, is drawn at the top left: the upload's #264653, not the teal.
    await expect
      .poll(() =>
        picture.evaluate((c: HTMLCanvasElement) =>
          Array.from(c.getContext('2d')?.getImageData(2, 2, 1, 1).data ?? []),
        ),
      )
      .toEqual([0x26, 0x46, 0x53, 255])

    // Fixed in its cell, the row is checked again.
    await bad.fill('Card 7')
    await expect(page.getByTestId('bulk-grid-summary')).toHaveText('20 rows: 20 ready, 0 with problems')
    await expect(bad).not.toHaveAttribute('aria-invalid', 'true')
    // Enter moves down a row, as in a spreadsheet.
    await bad.press('Enter')
    await expect(grid.getByRole('textbox', { name: 'Headline, row 8', exact: true })).toBeFocused()

    await page.getByRole('button', { name: 'Create 20 images' }).click()
    await page
      .getByRole('dialog', { name: 'Create 20 images?' })
      .getByRole('button', { name: 'Start' })
      .click()
    await expect(page.getByTestId('bulk-status')).toHaveText('Completed', { timeout: 120_000 })
    await expect(page.getByTestId('bulk-progress-made')).toHaveText('20 made')

    const zipping = page.waitForEvent('download')
    await page.getByTestId('bulk-zip').click()
    const zip = unzipSync(new Uint8Array(readFileSync(await (await zipping).path())))
    expect(Object.keys(zip)).toHaveLength(20)
    expect(Object.keys(zip)[0]).toBe('0001-card-01.png')

    // The first row drew the upload it named; the started grid is not kept.
    const made = (await apiAs(server, account.token, 'GET', '/creation/list?pageSize=50')).data as {
      id: number
      name: string
    }[]
    const first = made.find((c) => c.name === 'card-01')
    const detail = (await apiAs(server, account.token, 'GET', `/creation/detail?id=${first?.id}`)).data as {
      values: Record<string, string>
    }
    expect(detail.values.option_fill).toBe('option1')
    expect(Number(detail.values.image)).toBeGreaterThan(0)
    await page.goto(`/bulk?template=${id}`)
    await expect(page.getByTestId('bulk-grid-summary')).toHaveText('Fill in a row to see what it costs.')
  })

  test('a language column per text, shown by its box or by a pasted header: a bad tag marked in its cell, the language made with the row', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    const id = await tealOrCoral(server, account.token)
    await buyCredits(server, account)
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await signIn(page, account, `/bulk?template=${id}`)

    const grid = page.getByRole('table', { name: 'Rows to create' })
    const headline = grid.getByRole('textbox', { name: 'Headline, row 1', exact: true })
    const language = grid.getByRole('combobox', { name: 'Language of “Headline”, row 1', exact: true })
    const languages = page.getByRole('checkbox', { name: 'Give each text’s language' })
    await headline.fill('Card 1')
    await expect(language).toHaveCount(0)
    await languages.check()
    await expect(
      grid.getByRole('columnheader', { name: 'Language of “Headline” headline.lang' }),
    ).toBeVisible()
    await expect(headline).toHaveValue('Card 1')
    await expectNoAxeViolations(page)

    await language.fill('not a tag')
    await expect(language).toHaveAttribute('aria-invalid', 'true')
    await expect(language).toHaveAccessibleDescription(
      'Language of “Headline”: not a language tag. Use one such as ja, zh-TW, zh-CN or ko.',
    )
    await expect(headline).not.toHaveAttribute('aria-invalid', 'true')
    await language.fill('ko')
    await expect(language).not.toHaveAttribute('aria-invalid', 'true')
    await page.reload()
    await expect(languages).toBeChecked()
    await expect(language).toHaveValue('ko')

    // Hidden again, the values stay; a pasted header naming a language column shows the columns for it.
    await languages.uncheck()
    await expect(headline).toHaveValue('Card 1')
    await page.evaluate(
      (text) => navigator.clipboard.writeText(text),
      'headline\theadline.lang\nSakura\tja\n',
    )
    await headline.focus()
    await page.keyboard.press('ControlOrMeta+V')
    await expect(languages).toBeChecked()
    await expect(headline).toHaveValue('Sakura')
    await expect(language).toHaveValue('ja')
    await expect(page.getByTestId('bulk-grid-summary')).toHaveText('1 row: 1 ready, 0 with problems')

    await page.getByRole('button', { name: 'Create 1 image' }).click()
    await page.getByRole('dialog', { name: 'Create 1 image?' }).getByRole('button', { name: 'Start' }).click()
    await expect(page.getByTestId('bulk-status')).toHaveText('Completed', { timeout: 60_000 })
    const made = (await apiAs(server, account.token, 'GET', '/creation/list')).data as { id: number }[]
    const detail = (await apiAs(server, account.token, 'GET', `/creation/detail?id=${made[0]?.id}`)).data as {
      valueLanguages: Record<string, string>
    }
    expect(Object.values(detail.valueLanguages)).toEqual(['ja'])
  })

  test('rows typed in are kept in the browser, removed one by one, and the grid fits a phone in Chinese', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 })
    const account = await registerUser(server)
    const id = await tealOrCoral(server, account.token, { photo: true })
    await signIn(page, account, `/bulk?template=${id}`)
    await page.getByLabel('Language', { exact: true }).selectOption('zh-CN')

    const grid = page.getByRole('table', { name: '要生成的行' })
    await grid.getByRole('textbox', { name: '标题, 第 1 行', exact: true }).fill('春天')
    await grid.getByRole('combobox', { name: '颜色, 第 1 行', exact: true }).fill('珊瑚色')
    await grid.getByRole('textbox', { name: '标题, 第 2 行', exact: true }).fill('夏天')
    await expect(page.getByTestId('bulk-grid-summary')).toHaveText('共 2 行：2 行就绪，0 行有问题')
    await expect(page.getByTestId('bulk-cost')).toHaveText(/^费用：2 点/)

    await page.reload()
    await expect(grid.getByRole('textbox', { name: '标题, 第 2 行', exact: true })).toHaveValue('夏天')
    await grid.getByRole('button', { name: '删除第 1 行', exact: true }).click()
    await expect(grid.getByRole('textbox', { name: '标题, 第 1 行', exact: true })).toHaveValue('夏天')
    await expect(page.getByTestId('bulk-grid-summary')).toHaveText('共 1 行：1 行就绪，0 行有问题')

    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(390)
  })
})
