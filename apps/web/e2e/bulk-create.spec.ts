import { readFileSync } from 'node:fs'
import { unzipSync } from 'fflate'
import { apiAs, expect, registerUser, signIn, test } from './fixtures'

interface Field {
  key: string
  column: string
  kind: string
  required?: boolean
  maxLength?: number
  labels: { en: string; 'zh-CN': string }
}

/** The first catalogue template that needs no upload, with its first text field. */
async function plainTemplate(server: { url: string }, token: string) {
  const list = (await apiAs(server as never, token, 'GET', '/template/list?pageSize=100')).data as {
    id: number
  }[]
  for (const { id } of list) {
    const detail = (await apiAs(server as never, token, 'GET', `/template/detail?id=${id}`)).data as {
      id: number
      names: { en: string }
      fields: Field[]
    }
    const text = detail.fields.find((f) => f.kind === 'text')
    if (text && detail.fields.every((f) => !(f.kind === 'image' && f.required))) return { ...detail, text }
  }
  throw new Error('no template renders without an upload')
}

test.describe('Bulk create', () => {
  test('CSV template, an upload with one bad row (not charged), progress, and a ZIP of the images made', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    const template = await plainTemplate(server, account.token)
    await signIn(page, account, `/templates/${template.id}/edit`)

    // Reached from the template's page.
    await page.getByRole('link', { name: 'Bulk create' }).click()
    await expect(page).toHaveURL(new RegExp(`/bulk\\?template=${template.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Bulk create' })).toBeVisible()
    await page.getByTestId('bulk-mode').getByText('Upload a CSV').click()
    await expect(page).toHaveURL(new RegExp(`/bulk\\?template=${template.id}&from=csv$`))

    // The CSV template: the fields' column names and a name column, one sample row.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download CSV template' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/\.csv$/)
    const csvTemplate = readFileSync(await download.path(), 'utf8')
    const [header, sample] = csvTemplate.replace(/^\uFEFF/, '').split('\r\n')
    expect(header?.split(',')).toEqual(expect.arrayContaining([template.text.column, 'name']))
    expect(sample?.length).toBeGreaterThan(0)

    // Three rows headed by the field's key, as earlier CSV templates were; the second is longer than the field
    // allows. Chinese text and a BOM, as a spreadsheet saves.
    const max = template.text.maxLength ?? 60
    const rows = [`你好,第一张`, `${'x'.repeat(max + 1)},too long`, `Hello,third`]
    const before = (await apiAs(server, account.token, 'GET', '/user/my-info')).data as { credits: number }
    await page.getByTestId('bulk-file').setInputFiles({
      name: 'cards.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`\uFEFF${template.text.key},name\r\n${rows.join('\r\n')}\r\n`),
    })

    await expect(page.getByTestId('bulk-summary')).toHaveText('3 rows: 2 ready, 1 with problems')
    await expect(page.getByTestId('bulk-errors')).toHaveText(
      `Row 2: ${template.text.labels.en}: Must be at most ${max} characters`,
    )
    await expect(page.getByRole('combobox', { name: `Column “${template.text.key}”` })).toHaveValue(
      template.text.key,
    )
    await expect(page.getByRole('combobox', { name: 'Column “name”' })).toHaveValue('name')
    await expect(page.getByRole('cell', { name: '你好' })).toBeVisible()
    await expect(page.getByTestId('bulk-cost')).toHaveText(
      `Cost: 2 credits · Your balance: ${before.credits} credits`,
    )

    // Confirm with the keyboard.
    await page.getByRole('button', { name: 'Create 2 images' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create 2 images?' })
    await expect(dialog).toContainText(`Your balance after: ${before.credits - 2} credits`)
    await dialog.getByRole('button', { name: 'Start' }).press('Enter')

    await expect(page).toHaveURL(/\/bulk\/\d+$/)
    await expect(page.getByRole('progressbar')).toBeVisible()
    await expect(page.getByTestId('bulk-status')).toHaveText('Completed', { timeout: 60_000 })
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
    await expect(page.getByTestId('bulk-progress-text')).toHaveText('3 of 3 rows done')
    await expect(page.getByTestId('bulk-progress-made')).toHaveText('2 made')
    await expect(page.getByTestId('bulk-errors')).toContainText('Row 2:')

    // The bad row was not charged.
    const after = (await apiAs(server, account.token, 'GET', '/user/my-info')).data as { credits: number }
    expect(after.credits).toBe(before.credits - 2)

    const zipping = page.waitForEvent('download')
    await page.getByTestId('bulk-zip').click()
    const zip = unzipSync(new Uint8Array(readFileSync(await (await zipping).path())))
    const images = Object.keys(zip)
    expect(images).toEqual(['0001-第一张.png', '0003-third.png'])
    for (const name of images) expect(Array.from(zip[name]?.slice(1, 4) ?? [])).toEqual([0x50, 0x4e, 0x47])

    // The history lists it; the one notification leads back to it.
    await expect(page.getByTestId('bulk-history').getByRole('listitem')).toHaveCount(1)
    await page.goto('/notifications')
    await page.getByText('Your bulk creation is done').click()
    await expect(page).toHaveURL(/\/bulk\/\d+$/)
  })

  test('a row gives the language of its Han text in the field’s .lang column; a bad tag is that row’s problem', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    const template = await plainTemplate(server, account.token)
    const { key, column: columnName, labels } = template.text
    await signIn(page, account, `/bulk?template=${template.id}&from=csv`)

    // The CSV template has the text field's language column right after it, empty in the sample.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download CSV template' }).click()
    const csvTemplate = readFileSync(await (await downloading).path(), 'utf8')
    const header =
      csvTemplate
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]
        ?.split(',') ?? []
    expect(header[header.indexOf(columnName) + 1]).toBe(`${columnName}.lang`)

    // 骨直海 in Japanese forms; the second row's tag is no language.
    await page.getByTestId('bulk-file').setInputFiles({
      name: 'names.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${key},${key}.lang,name\r\n骨直海,ja,japanese\r\n骨直海,nope!,broken\r\n`),
    })
    await expect(page.getByTestId('bulk-summary')).toHaveText('2 rows: 1 ready, 1 with problems')
    await expect(page.getByTestId('bulk-errors')).toHaveText(
      `Row 2: Language of “${labels.en}”: not a language tag. Use one such as ja, zh-TW, zh-CN or ko.`,
    )
    const column = page.getByRole('combobox', { name: `Column “${key}.lang”` })
    await expect(column).toHaveValue(`${key}.lang`)
    await expect(column.locator('option:checked')).toHaveText(`Language of “${labels.en}”`)
    // The preview draws the value in its language and names it.
    await expect(page.locator('td > span[lang="ja"]')).toHaveText('骨直海')
    await expect(page.getByRole('row', { name: /japanese/ })).toContainText('骨直海ja')
    // A tag that is no language is shown as written, and not given to the browser as the text's language.
    await expect(page.getByRole('row', { name: /broken/ }).locator('[lang]')).toHaveCount(0)
    await expect(page.getByTestId('bulk-cost')).toHaveText(/^Cost: 1 credit · /)
    await page.getByRole('button', { name: 'Create 1 image', exact: true }).click()
    await page.getByRole('dialog', { name: 'Create 1 image?' }).getByRole('button', { name: 'Start' }).click()
    await expect(page.getByTestId('bulk-status')).toHaveText('Completed', { timeout: 60_000 })
    await expect(page.getByTestId('bulk-progress-text')).toHaveText('2 of 2 rows done')
    await expect(page.getByTestId('bulk-progress-made')).toHaveText('1 made')

    // The creation made from the row carries its language, as one made in the editor does.
    const made = (await apiAs(server, account.token, 'GET', '/creation/list')).data as {
      id: number
      name: string
    }[]
    expect(made.map((c) => c.name)).toEqual(['japanese'])
    const detail = (await apiAs(server, account.token, 'GET', `/creation/detail?id=${made[0]?.id}`)).data as {
      values: Record<string, string>
      valueLanguages: Record<string, string>
    }
    expect(detail.values[key]).toBe('骨直海')
    expect(detail.valueLanguages).toEqual({ [key]: 'ja' })
  })

  test('says what is wrong with a file before sending it, reads in Chinese and fits a phone', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    const account = await registerUser(server)
    const template = await plainTemplate(server, account.token)
    await signIn(page, account, '/bulk')
    await expect(page.getByText('Choose a template first')).toBeVisible()
    await expect(page.getByText('No batches yet.', { exact: false })).toBeVisible()
    await page.getByLabel('Template', { exact: true }).selectOption(String(template.id))
    await expect(page).toHaveURL(new RegExp(`/bulk\\?template=${template.id}$`))
    await page.getByTestId('bulk-mode').getByText('Upload a CSV').click()

    await page.getByTestId('bulk-file').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    })
    await expect(page.getByRole('alert')).toHaveText(/“photo\.png” is not a CSV file/)
    await page.getByTestId('bulk-file').setInputFiles({
      name: 'big.csv',
      mimeType: 'text/csv',
      buffer: Buffer.alloc(600 * 1024, 'a'),
    })
    await expect(page.getByRole('alert')).toHaveText(/“big\.csv” is 600 KB; the most is 512 KB/)

    await page.getByLabel('Language', { exact: true }).selectOption('zh-CN')
    await expect(page.getByRole('heading', { level: 1, name: '批量创建' })).toBeVisible()
    await page.getByTestId('bulk-file').setInputFiles({
      name: '名单.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        `${template.text.labels['zh-CN']}\r\n你好\r\n${'长'.repeat((template.text.maxLength ?? 60) + 1)}\r\n`,
      ),
    })
    await expect(page.getByTestId('bulk-summary')).toHaveText('共 2 行：1 行就绪，1 行有问题')
    // The refused row in Chinese: the field's label and its rule, from the app's own catalogue.
    await expect(page.getByTestId('bulk-errors')).toHaveText(
      `第 2 行：${template.text.labels['zh-CN']}: 不能超过 ${template.text.maxLength} 个字符`,
    )
    await expect(page.getByRole('combobox', { name: `列“${template.text.labels['zh-CN']}”` })).toHaveValue(
      template.text.key,
    )
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(375)
  })
})
