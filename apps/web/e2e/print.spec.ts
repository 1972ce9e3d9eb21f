import { readFileSync } from 'node:fs'
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
    // The radio is drawn by its label (a pill), which takes the click.
    await page.locator('label', { has: page.getByRole('radio', { name: /Square post/ }) }).click()
    await expect(page.getByTestId('size-formats')).toHaveText('Downloads: PNG · JPEG · WebP')
    await page.locator('label', { has: page.getByRole('radio', { name: /A4 portrait/ }) }).click()

    await page.getByRole('button', { name: 'Create · 1 credit' }).click()
    await expect(page.getByRole('heading', { name: 'Your image is ready' })).toBeFocused()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download Employee of the Year as PDF' }).click(),
    ])
    // Named by its first text (the award's title, as drawn), and so is its file.
    expect(download.suggestedFilename()).toBe('Employee of the Year.pdf')
    expect(
      readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')

    // Creation History offers the PDF too.
    await page.getByRole('link', { name: 'Open Creation History' }).click()
    await expect(
      page.getByTestId('creation-list').getByRole('link', { name: 'Download Employee of the Year as PDF' }),
    ).toBeVisible()
  })
})
