import { readFileSync } from 'node:fs'
import { apiAs, expect, registerUser, signIn, test } from './fixtures'

const label = (en: string, zh: string) => ({ en, 'zh-CN': zh })

/** A template of the customer's whose fields have keys no form shows: a headline and a Teal/Coral choice. */
async function tealOrCoral(server: { url: string }, token: string) {
  const list = (await apiAs(server as never, token, 'GET', '/template/list?pageSize=1')).data as {
    id: number
  }[]
  const copy = (await apiAs(server as never, token, 'POST', '/template/duplicate', { id: list[0]?.id }))
    .data as {
    id: number
  }
  const { document } = (await apiAs(server as never, token, 'GET', `/template/document?id=${copy.id}`))
    .data as {
    document: Record<string, unknown>
  }
  const saved = await apiAs(server as never, token, 'POST', '/template/save', {
    id: copy.id,
    name: 'Teal or coral',
    document: {
      ...document,
      fields: [
        { key: 'text_2', kind: 'text', label: label('Headline', '标题'), default: 'Hello', maxLength: 40 },
        {
          key: 'option_fill',
          kind: 'choice',
          label: label('Colour', '颜色'),
          default: 'option1',
          options: [
            { value: 'option1', label: label('Teal', '青色') },
            { value: 'option2', label: label('Coral', '珊瑚色') },
          ],
        },
      ],
      layers: [
        {
          id: 'bg',
          type: 'shape',
          fill: { field: 'option_fill', map: { option1: '#008080', option2: '#ff7f50' } },
        },
        { id: 'headline', type: 'text', text: '{{text_2}}', size: 20 },
      ],
      samples: { en: {}, 'zh-CN': {} },
    },
  })
  expect(saved.code, saved.msg).toBe(0)
  return copy.id
}

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
