import { readFileSync } from 'node:fs'
import { expectNoAxeViolations } from './axe'
import { expect, registerUser, signIn, test } from './fixtures'

test.describe('print', () => {
  test('a certificate offers a PDF at its sheet size; the creation downloads it named after itself', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server))
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click()
    await page
      .getByRole('link', { name: /^Award/ })
      .first()
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Award' })).toBeVisible()
    // The sizes read as sheets, and the chosen one says what it downloads as.
    await expect(page.getByRole('radio', { name: /A4 portrait/ })).toBeChecked()
    await expect(page.getByText('210 × 297 mm').first()).toBeVisible()
    await expect(page.getByTestId('size-formats')).toHaveText(
      'Downloads: PNG · JPEG · WebP · PDF · printed 210 × 297 mm, 300 dpi',
    )
    await expect(page.getByTestId('size-print-pdfs')).toHaveText(
      'For print shops, also a PDF with 3 mm bleed and crop marks, and one PDF with a page per print size (A4 portrait and US Letter portrait)',
    )
    // The radio is drawn by its label (a pill), which takes the click.
    await page.locator('label', { has: page.getByRole('radio', { name: /Square post/ }) }).click()
    await expect(page.getByTestId('size-formats')).toHaveText('Downloads: PNG · JPEG · WebP')
    await expect(page.getByTestId('size-print-pdfs')).toHaveCount(0)
    await page.locator('label', { has: page.getByRole('radio', { name: /A4 portrait/ }) }).click()

    await page.getByRole('button', { name: 'Create · 1 credit' }).click()
    // A print creation is drawn at 300 dpi of its sheet and as three PDFs: far longer than a screen size on a
    // machine busy with other work.
    await expect(page.getByRole('heading', { name: 'Your image is ready' })).toBeFocused({ timeout: 90_000 })
    // Each download link's spoken name begins with the words it shows (WCAG 2.5.3).
    await expectNoAxeViolations(page)
    // Each PDF saves under the creation's name and its sheet, a name every OS takes.
    const saved = async (name: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name, exact: true }).click(),
      ])
      const bytes = readFileSync(await download.path())
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
      return download.suggestedFilename()
    }
    expect(await saved('Download PDF: Mentor of the Year')).toBe('mentor-of-the-year-a4.pdf')
    expect(await saved('Download PDF for print shops: Mentor of the Year (3 mm bleed, crop marks)')).toBe(
      'mentor-of-the-year-a4-print.pdf',
    )
    expect(await saved('Download PDF of all sizes: Mentor of the Year, one PDF of every print size')).toBe(
      'mentor-of-the-year-a4-letter.pdf',
    )

    // Creation History offers the PDF too.
    await page.getByRole('link', { name: 'Open Creation History' }).click()
    const list = page.getByTestId('creation-list')
    await expect(
      list.getByRole('link', { name: 'Download PDF: Mentor of the Year', exact: true }),
    ).toBeVisible()
    await expect(list.getByRole('link', { name: /^Download Print PDF: .*crop marks/ })).toBeVisible()
    await expect(list.getByRole('link', { name: /every print size/ })).toBeVisible()
    await expectNoAxeViolations(page)
  })
})
