import { execFileSync } from 'node:child_process'
import { designOwnCopy, saveDesign, documentOf as savedDocument } from './designer-helpers'
import { expect, test } from './fixtures'

interface SavedDocument {
  pages?: Array<{ id: string; name: string }>
  layers: Array<{ id: string; type: string; page?: string; text?: string }>
}

/** The number of pages poppler's pdfinfo reads in a PDF file, and its text page by page (pdftotext). */
const pdfPages = (file: string) => ({
  count: Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]),
  text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).split('\f'),
})

test('a second page added and named in the designer is saved, previewed in the editor, and made into a two-page PDF with both pages’ images', async ({
  page,
  server,
}) => {
  const { account, id } = await designOwnCopy(page, server, 'Aldus Manutius')
  const strip = page.getByRole('region', { name: 'Pages' })
  await expect(strip.getByRole('button', { name: 'Page 1: Page 1' })).toHaveAttribute('aria-current', 'page')
  await expect(strip.getByRole('button', { name: 'Delete page' })).toBeDisabled()

  // A blank second page is shown at once: the layers panel has nothing on it.
  await strip.getByRole('button', { name: 'Add page' }).click()
  const second = strip.getByRole('button', { name: 'Page 2: Page 2' })
  await expect(second).toHaveAttribute('aria-current', 'page')
  const layers = page.getByRole('navigation', { name: 'Layers' })
  await expect(layers.getByRole('button')).toHaveCount(0)

  // A text on it, and the page named.
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Text', exact: true }).click()
  await expect(layers.getByRole('button', { name: 'Text', exact: true })).toBeVisible()
  await strip.getByLabel('Page name').fill('Back cover')
  await expect(strip.getByRole('button', { name: 'Page 2: Back cover' })).toBeVisible()

  // Page 1 still holds the quote alone, and its layers come back in the panel.
  await strip.getByRole('button', { name: 'Page 1: Page 1' }).click()
  await expect(layers.getByRole('button', { name: 'quote', exact: true })).toBeVisible()
  await expect(layers.getByRole('button', { name: 'Text', exact: true })).toHaveCount(0)

  // Alt+Right on page 1 moves it after the back cover; Alt+Left brings it back.
  await strip.getByRole('button', { name: 'Page 1: Page 1' }).press('Alt+ArrowRight')
  await expect(strip.getByRole('button', { name: 'Page 2: Page 1' })).toBeFocused()
  await strip.getByRole('button', { name: 'Page 2: Page 1' }).press('Alt+ArrowLeft')
  await expect(strip.getByRole('button', { name: 'Page 1: Page 1' })).toBeFocused()

  await saveDesign(page, 2)
  const saved = (await savedDocument<SavedDocument>(server, account.token, id)).document
  expect(saved.pages).toEqual([
    { id: 'page-1', name: 'Page 1' },
    { id: 'page-2', name: 'Back cover' },
  ])
  const added = saved.layers.filter((l) => l.page === 'page-2')
  expect(added.map((l) => l.type)).toEqual(['text'])
  expect(saved.layers.filter((l) => l.page === 'page-1').length).toBeGreaterThan(1)

  // The fill-in editor shows either page, and the creation has both.
  await page.goto(`/templates/${id}/edit`)
  const pages = page.getByTestId('preview-pages')
  await expect(pages.getByRole('button', { name: 'Page 1: Page 1' })).toHaveAttribute('aria-pressed', 'true')
  await pages.getByRole('button', { name: 'Page 2: Back cover' }).click()
  await expect(pages.getByRole('button', { name: 'Page 2: Back cover' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await page.getByRole('button', { name: 'Create · 1 credit' }).click()
  await expect(page.getByRole('heading', { name: 'Your image is ready' })).toBeFocused()
  await expect(page.getByTestId('page-downloads')).toHaveCount(1)
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('link', { name: /^Download PDF: / })
      .first()
      .click(),
  ])
  const read = pdfPages(await pdf.path())
  expect(read.count).toBe(2)
  expect(read.text[1]).toContain('Your text')
  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /^Download PNG: .*\(Page 2\)$/ }).click(),
  ])
  expect(png.suggestedFilename()).toMatch(/-page-2\.png$/)
})
