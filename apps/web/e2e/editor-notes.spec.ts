import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { apiAs, expect, registerUser, signIn, type TempletServer, test } from './fixtures'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
interface SharpImage {
  extract(region: { left: number; top: number; width: number; height: number }): SharpImage
  raw(): { toBuffer(o: { resolveWithObject: true }): Promise<{ data: Buffer; info: { channels: number } }> }
  metadata(): Promise<{ width?: number; height?: number }>
}
const sharp = createRequire(path.join(repoRoot, 'apps/server/package.json'))('sharp') as (
  input: Buffer,
) => SharpImage

/** Opens the editor of the catalogue template named `name` (English). */
async function openEditor(page: Page, server: TempletServer, name: string) {
  const account = await registerUser(server)
  const list = await apiAs(server, account.token, 'GET', '/template/list?pageSize=100')
  const template = (list.data as { id: number; name: string }[]).find((t) => t.name === name)
  if (!template) throw new Error(`no template named ${name}`)
  await signIn(page, account, `/templates/${template.id}/edit`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  return account
}

test.describe('the editor says what it found, beside the field', () => {
  test('the exhibition poster opens with its preview though its photo is still to come, and Create asks for it', async ({
    page,
    server,
  }) => {
    await openEditor(page, server, 'Exhibition poster')
    await expect(page.getByTestId('preview')).toBeVisible()
    await expect(page.getByText('The preview could not be made')).toHaveCount(0)
    await page.getByRole('button', { name: 'Create · 1 credit' }).click()
    await expect(page.getByText('Upload an image')).toBeVisible()
  })

  test('a title too long for its lines, even at the smallest size, is reported beside it; a shorter one clears it', async ({
    page,
    server,
  }) => {
    await openEditor(page, server, 'Exhibition poster')
    const title = page.getByLabel('Exhibition title')
    await title.fill('W'.repeat(50))
    const note = page.getByText('This text does not fit, even at the smallest size')
    await expect(note).toBeVisible()
    await expect(title).toHaveAccessibleDescription(/does not fit/)
    await title.fill('Light and Shadow')
    await expect(note).toHaveCount(0)
  })

  test('typing 30 characters asks the server nothing, and the notes still come beside the fields', async ({
    page,
    server,
  }) => {
    await openEditor(page, server, 'Exhibition poster')
    const title = page.getByLabel('Exhibition title')
    // The preview has painted with its fonts, and what the Latin faces can draw is known.
    await expect(page.getByTestId('preview')).toHaveAttribute('data-painted', /\d/)
    await title.fill('W'.repeat(20))
    // The other language's texts are fetched soon after the app starts (start.tsx), not by typing; on a busy
    // machine that can fall inside the typing, so it is awaited first.
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => /\/assets\/zh-CN-[\w-]+\.js$/.test(e.name)),
    )
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(server.url)) asked.push(new URL(request.url()).pathname)
    })
    // Two lines hold 40 of these at the smallest size: the 50 typed are cut.
    await title.pressSequentially('W'.repeat(30))
    await expect(title).toHaveValue('W'.repeat(50))
    // Before, this note came with the server's preview of these values: its showing is the answer of the
    // browser's own layout, so no request of the typing is still on its way when the list is read.
    await expect(page.getByText('This text does not fit, even at the smallest size')).toBeVisible()
    expect(asked).toEqual([])
    // A script no font has: the note names it without a preview from the server.
    await page.getByLabel('Artist').fill('ሰላም')
    await expect(
      page.getByText('This template has no letters for these characters (Ethiopic): ሰላም.'),
    ).toBeVisible()
    expect(asked.filter((p) => !p.startsWith('/api/fonts/'))).toEqual([])
  })

  test('characters no font has are named with their script; in Chinese too', async ({ page, server }) => {
    await openEditor(page, server, 'Exhibition poster')
    await page.getByLabel('Artist').fill('ሰላም')
    await expect(
      page.getByText('This template has no letters for these characters (Ethiopic): ሰላም.'),
    ).toBeVisible()
    await expect(page.getByText('The preview could not be made')).toHaveCount(0)
    await page.getByLabel('Language').selectOption('zh-CN')
    await expect(page.getByText('此模板没有这些字符的字形（埃塞俄比亚文）：ሰላም。')).toBeVisible()
  })

  test('a failed upload says why and what to do beside the upload button', async ({ page, server }) => {
    await openEditor(page, server, 'Exhibition poster')
    await page.getByTestId('upload-photo').setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image'),
    })
    const message = page.getByRole('alert').filter({ hasText: 'upload a PNG, JPEG or WebP image' })
    await expect(message).toBeVisible()
    await expect(page.getByRole('button', { name: 'Upload image' })).toHaveAccessibleDescription(
      /upload a PNG, JPEG or WebP image/,
    )
  })

  test('bold wraps the selected words in the markup the template reads', async ({ page, server }) => {
    await openEditor(page, server, 'Exhibition poster')
    const title = page.getByLabel('Exhibition title')
    await title.fill('Light and Shadow')
    await title.evaluate((el: HTMLInputElement) => el.setSelectionRange(6, 9))
    // The field's own buttons: they control it, and its label describes them.
    const id = await title.getAttribute('id')
    const button = (name: string) => page.locator(`button[aria-controls="${id}"][aria-label="${name}"]`)
    await expect(button('Bold')).toHaveAccessibleDescription('Exhibition title')
    await button('Bold').click()
    await expect(title).toHaveValue('Light **and** Shadow')
    await button('Italic').click()
    await expect(title).toHaveValue('Light ***and*** Shadow')
  })

  test('an empty optional photo leaves no placeholder in the downloaded file', async ({ page, server }) => {
    await openEditor(page, server, 'Seasonal sale')
    await expect(page.getByTestId('preview')).toBeVisible()
    await page.getByRole('button', { name: 'Create · 1 credit' }).click()
    await expect(page.getByRole('heading', { name: 'Your image is ready' })).toBeFocused()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PNG: Spring edit' }).click(),
    ])
    const png = readFileSync(await download.path())
    expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 628 })
    // The photo's box (x 0-520): the banner's panel colour alone, no grey field and no picture mark.
    const { data, info } = await sharp(png)
      .extract({ left: 0, top: 0, width: 500, height: 620 })
      .raw()
      .toBuffer({ resolveWithObject: true })
    const colours = new Set<string>()
    for (let i = 0; i < data.length; i += info.channels)
      colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`)
    expect([...colours]).toEqual(['251,233,228'])
  })
})
