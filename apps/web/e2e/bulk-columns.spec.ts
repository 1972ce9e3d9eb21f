import { readFileSync } from 'node:fs'
import { tealOrCoral } from './bulk-templates'
import { apiAs, expect, registerUser, signIn, test } from './fixtures'

test('the CSV template is headed by column names; filled with the labels the form shows, its rows are made', async ({
  page,
  server,
}) => {
  const account = await registerUser(server)
  const id = await tealOrCoral(server, account.token)
  await signIn(page, account, `/bulk?template=${id}&from=csv`)

  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download CSV template' }).click()
  const csvTemplate = readFileSync(await (await downloading).path(), 'utf8').replace(/^\uFEFF/, '')
  const [header, sample] = csvTemplate.split('\r\n')
  expect(header).toBe('headline,headline.lang,colour,name')
  expect(sample).toBe(',,Teal,Teal or coral')

  // Filled in as a person would: the options by their labels, in English and Chinese, in any case; one wrong.
  const rows = ['Spring,,Teal,spring', 'Summer,,CORAL,summer', '秋天,,珊瑚色,autumn', 'Winter,,Mauve,winter']
  await page.getByTestId('bulk-file').setInputFiles({
    name: 'seasons.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`\uFEFF${header}\r\n${rows.join('\r\n')}\r\n`),
  })
  await expect(page.getByTestId('bulk-summary')).toHaveText('4 rows: 3 ready, 1 with problems')
  await expect(page.getByRole('combobox', { name: 'Column “colour”' })).toHaveValue('option_fill')
  await expect(page.getByTestId('bulk-errors')).toHaveText('Row 4: Colour: Choose one of: Teal, Coral')
  await expect(page.getByText('Rows that will not be made (not charged)')).toBeVisible()

  await page.getByRole('button', { name: 'Create 3 images' }).click()
  await page.getByRole('dialog', { name: 'Create 3 images?' }).getByRole('button', { name: 'Start' }).click()
  await expect(page.getByTestId('bulk-status')).toHaveText('Completed', { timeout: 60_000 })
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
  await expect(page.getByTestId('bulk-progress-text')).toHaveText('4 of 4 rows done')
  await expect(page.getByTestId('bulk-progress-made')).toHaveText('3 made')
  await expect(page.getByText('Rows not made (not charged)')).toBeVisible()

  const made = (await apiAs(server, account.token, 'GET', '/creation/list')).data as { name: string }[]
  expect(made.map((c) => c.name).sort()).toEqual(['autumn', 'spring', 'summer'])
})
