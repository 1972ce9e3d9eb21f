import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Download, Page } from '@playwright/test'
import { apiAs, expect, registerUser, signIn, test } from './fixtures'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
interface SharpImage {
  png(): { toBuffer(): Promise<Buffer> }
  raw(): { toBuffer(): Promise<Buffer> }
  metadata(): Promise<{ width?: number; height?: number; format?: string }>
  composite(layers: object[]): SharpImage
  extract(region: { left: number; top: number; width: number; height: number }): SharpImage
}
type Sharp = (input?: Buffer | object) => SharpImage
const sharp = createRequire(path.join(repoRoot, 'apps/server/package.json'))('sharp') as Sharp

const CHINESE = '你好，世界：新品上市'
const ARABIC = 'مرحبا بالعالم'

/** A small real PNG (a gradient would do; a flat colour is enough for the renderer). */
async function photoPng(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer()
}

/** What the preview shows now: the browser's canvas's last paint (or a server picture's object URL). */
async function previewSrc(page: Page): Promise<string> {
  const preview = page.getByTestId('preview')
  return (await preview.getAttribute('data-painted')) ?? (await preview.getAttribute('src')) ?? ''
}

async function expectPreviewChanges(page: Page, before: string) {
  await expect.poll(() => previewSrc(page), { timeout: 30_000 }).not.toBe(before)
}

test.describe('media', () => {
  test('pick a template, type Chinese and Arabic, upload, create, download, find, re-open, delete', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server))
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click()
    await expect(page).toHaveURL(/\/templates$/)
    await page.getByRole('link', { name: /Photo feature/ }).click()
    await expect(page).toHaveURL(/\/templates\/\d+\/edit$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Photo feature' })).toBeVisible()
    await expect(page.getByTestId('preview')).toBeVisible()

    let before = await previewSrc(page)
    await page.getByLabel('Headline').fill(CHINESE)
    await expectPreviewChanges(page, before)
    before = await previewSrc(page)
    await page.getByLabel('Text', { exact: true }).fill(ARABIC)
    await expectPreviewChanges(page, before)

    // The template's limit, worded by key, and the preview waits for a valid value.
    await page.getByLabel('Kicker').fill('x'.repeat(31))
    await expect(page.getByText('Must be at most 30 characters')).toBeVisible()
    await page.getByLabel('Kicker').fill('本周上新')
    await expect(page.getByText('Must be at most 30 characters')).toHaveCount(0)

    before = await previewSrc(page)
    await page.getByTestId('upload-photo').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: await photoPng(),
    })
    await expect(page.getByRole('img', { name: 'Photo', exact: true })).toBeVisible()
    await expectPreviewChanges(page, before)

    // The made image (its signed WebP, not a download of it) is held back until a press on a download link has
    // begun: the links must not move when it arrives, or the release lands beside the link and downloads nothing.
    let showImage = () => {}
    const imageHeld = new Promise<void>((resolve) => {
      showImage = resolve
    })
    await page.route(/\/api\/file\/creation\/\d+\/webp\?exp=\d+&sig=[^&]+$/, async (route) => {
      await imageHeld
      await route.continue()
    })
    await expect(page.getByTestId('balance')).toHaveText('Your balance: 5 credits')
    await page.getByRole('button', { name: 'Create · 1 credit' }).click()
    await expect(page.getByRole('heading', { name: 'Your image is ready' })).toBeFocused()
    await expect(page.getByTestId('balance')).toHaveText('Your balance: 4 credits')

    const firstLink = page.getByRole('link', { name: 'Download PNG: 本周上新' })
    await firstLink.scrollIntoViewIfNeeded()
    const box = await firstLink.boundingBox()
    if (!box) throw new Error('no PNG download link')
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.down()
    showImage()
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: '本周上新', exact: true })
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(1080)
    const pressed = page.waitForEvent('download', { timeout: 30_000 })
    await page.mouse.up()
    const expectFile = async (download: Download, format: string) =>
      expect(await sharp(readFileSync(await download.path())).metadata()).toMatchObject({
        format,
        width: 1080,
        height: 1080,
      })
    await expectFile(await pressed, 'png')
    for (const [label, format] of [
      ['JPEG', 'jpeg'],
      ['WebP', 'webp'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: `Download ${label}: 本周上新` }).click(),
      ])
      await expectFile(download, format)
    }

    await page.getByRole('link', { name: 'Open Creation History' }).click()
    await expect(page).toHaveURL(/\/creation$/)
    const list = page.getByTestId('creation-list')
    await expect(list.getByRole('listitem')).toHaveCount(1)
    // Named by the first text typed into it, and found by a word of its headline.
    await expect(list.getByRole('heading', { name: '本周上新' })).toBeVisible()
    await page.getByLabel('Search names and typed text').fill('nothing like this')
    await expect(page.getByText('No creations found')).toBeVisible()
    await page.getByLabel('Search names and typed text').fill('新品')
    await expect(list.getByRole('listitem')).toHaveCount(1)

    await list.getByRole('link', { name: 'Edit again' }).click()
    await expect(page).toHaveURL(/\/creation\/\d+\/edit$/)
    await expect(page.getByLabel('Headline')).toHaveValue(CHINESE)
    await expect(page.getByLabel('Text', { exact: true })).toHaveValue(ARABIC)
    await expect(page.getByLabel('Kicker')).toHaveValue('本周上新')
    await expect(page.getByRole('img', { name: 'Photo', exact: true })).toBeVisible()
    await expect(page.getByTestId('preview')).toBeVisible()

    await page.goBack()
    await expect(page).toHaveURL(/\/creation/)
    await page.getByRole('button', { name: 'Delete 本周上新' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete this creation?' })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expect(dialog).toHaveCount(0)
    await page.getByLabel('Search names and typed text').fill('')
    await expect(page.getByRole('heading', { name: 'Nothing created yet' })).toBeVisible()
  })

  test('the focal point of an upload picks the part of a cropped photo that shows, by keyboard and by pointer', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server))
    await page.goto('/templates')
    await page.getByRole('link', { name: /Photo feature/ }).click()
    await expect(page.getByTestId('preview')).toBeVisible()
    // Red, green and blue thirds: the template's 1080 × 560 photo box shows less than half of the width.
    const thirds = await sharp({ create: { width: 900, height: 200, channels: 3, background: '#00ff00' } })
    const stripes = await (
      thirds as unknown as {
        composite(c: object[]): { png(): { toBuffer(): Promise<Buffer> } }
      }
    )
      .composite([
        {
          input: { create: { width: 300, height: 200, channels: 3, background: '#ff0000' } },
          left: 0,
          top: 0,
        },
        {
          input: { create: { width: 300, height: 200, channels: 3, background: '#0000ff' } },
          left: 600,
          top: 0,
        },
      ])
      .png()
      .toBuffer()
    await page
      .getByTestId('upload-photo')
      .setInputFiles({ name: 'stripes.png', mimeType: 'image/png', buffer: stripes })
    const marker = page.getByRole('button', { name: /^Focal point of Photo: 50% across, 50% down$/ })
    await expect(marker).toBeVisible()
    let before = await previewSrc(page)
    await marker.focus()
    await page.keyboard.press('Home')
    await page.keyboard.press('Shift+ArrowLeft')
    await page.keyboard.press('Shift+ArrowLeft')
    await page.keyboard.press('Shift+ArrowLeft')
    await expect(
      page.getByRole('button', { name: 'Focal point of Photo: 0% across, 50% down' }),
    ).toBeFocused()
    await expectPreviewChanges(page, before)

    const centreOfPhoto = async () => {
      await page.getByRole('button', { name: 'Create · 1 credit' }).click()
      await expect(page.getByRole('heading', { name: 'Your image is ready' })).toBeFocused()
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download PNG: Slow mornings' }).click(),
      ])
      const raw = await (
        sharp(readFileSync(await download.path())) as unknown as {
          extract(r: object): { raw(): { toBuffer(): Promise<Buffer> } }
        }
      )
        .extract({ left: 540, top: 280, width: 1, height: 1 })
        .raw()
        .toBuffer()
      return [raw[0], raw[1], raw[2]]
    }
    expect(await centreOfPhoto()).toEqual([255, 0, 0])

    // A click near the right edge of the image moves the point there.
    before = await previewSrc(page)
    const frame = page.getByTestId('focal-point')
    const box = await frame.boundingBox()
    if (!box) throw new Error('no focal point frame')
    await frame.click({ position: { x: box.width * 0.97, y: box.height / 2 } })
    await expect(
      page.getByRole('button', { name: /^Focal point of Photo: 9[6-8]% across, (49|50|51)% down$/ }),
    ).toBeVisible()
    await expectPreviewChanges(page, before)
    expect(await centreOfPhoto()).toEqual([0, 0, 255])
  })

  test('spending the last credit in another tab shows here at once, with the way to buy more; the values survive the trip', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    const templates = (await apiAs(server, account.token, 'GET', '/template/list?pageSize=100')).data as {
      id: number
      name: string
    }[]
    const quote = templates.find((t) => t.name === 'Bold quote')
    if (!quote) throw new Error('the catalogue has no "Bold quote"')
    const streamOpen = page.waitForResponse(
      (r) => r.url().endsWith('/api/notification/stream') && r.status() === 200,
    )
    await signIn(page, account, `/templates/${quote.id}/edit`)
    await streamOpen
    await expect(page.getByTestId('balance')).toHaveText('Your balance: 5 credits')
    const quoteField = page.getByLabel('Quote')
    await quoteField.fill('少即是多 · less is more')
    await page.locator('label', { hasText: 'Forest' }).click()
    await expect(page.getByRole('radio', { name: 'Forest' })).toBeChecked()

    // The five credits go elsewhere meanwhile (another tab): their notifications reach this tab live, and the
    // editor says the balance is spent before anyone clicks.
    for (let i = 0; i < 5; i += 1) {
      const made = await apiAs(server, account.token, 'POST', '/creation/create', {
        templateId: quote.id,
        values: {},
      })
      expect(made.code).toBe(0)
    }
    await expect(page.getByTestId('balance')).toHaveText('Your balance: 0 credits')
    const alert = page.getByRole('alert').filter({ hasText: 'You are out of credits' })
    await expect(alert).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create · 1 credit' })).toBeDisabled()
    await alert.getByRole('link', { name: 'Buy credits' }).click()
    await expect(page).toHaveURL(/\/pricing-plans\?returnTo=%2Ftemplates%2F\d+%2Fedit$/)
    // Buying credits on the way leads back to the editor, the values kept.
    await page.getByRole('link', { name: 'Buy 100 credits for $49.90' }).click()
    await page.getByLabel('Card number').pressSequentially('4242424242424242')
    await page.getByLabel('Expiry date').pressSequentially('1234')
    await page.getByLabel('Security code (CVC)').fill('123')
    await page.getByRole('button', { name: 'Pay $49.90' }).click()
    await page.getByRole('link', { name: 'Continue where you left off' }).click()
    await expect(page).toHaveURL(/\/templates\/\d+\/edit$/)
    await expect(page.getByLabel('Quote')).toHaveValue('少即是多 · less is more')
    await expect(page.getByRole('radio', { name: 'Forest' })).toBeChecked()
    await expect(page.getByTestId('balance')).toHaveText('Your balance: 100 credits')
    const list = (await apiAs(server, account.token, 'GET', '/creation/list')).total
    expect(list).toBe(5)
  })

  test('the editor on a phone: preview first, no sideways scroll, typing updates the preview', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, await registerUser(server), '/templates')
    await page.getByRole('link', { name: /Bold quote/ }).click()
    await expect(page.getByTestId('preview')).toBeVisible()
    const previewBox = await page.getByTestId('preview').boundingBox()
    const fieldBox = await page.getByLabel('Quote').boundingBox()
    expect(previewBox && fieldBox && previewBox.y < fieldBox.y).toBe(true)
    const before = await previewSrc(page)
    await page.getByLabel('Quote').pressSequentially('你好')
    await expectPreviewChanges(page, before)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.getByRole('button', { name: 'Create · 1 credit' }).scrollIntoViewIfNeeded()
    await expect(page.getByRole('button', { name: 'Create · 1 credit' })).toBeInViewport()
  })

  test('keyboard only: open a template from the list, edit, pick a size, create', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server), '/templates')
    await expect(page.getByRole('link', { name: /Bold quote/ })).toBeVisible()
    /** Presses Tab until `target` has the focus (at most 60 times). */
    async function tabTo(target: ReturnType<Page['getByRole']>) {
      for (let i = 0; i < 60; i += 1) {
        if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
        await page.keyboard.press('Tab')
      }
      throw new Error('never reached by Tab')
    }
    await tabTo(page.getByRole('link', { name: /Bold quote/ }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/templates\/\d+\/edit$/)
    await expect(page.getByTestId('preview')).toBeVisible()
    await tabTo(page.getByRole('radio', { name: /Square post/ }))
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('radio', { name: /Story/ })).toBeChecked()
    await tabTo(page.getByRole('textbox', { name: 'Quote' }))
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.insertText('键盘也能完成一切')
    await tabTo(page.getByRole('button', { name: 'Create · 1 credit' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: 'Your image is ready' })).toBeFocused()
    // Named by the quote typed into it.
    const made = page.getByRole('img', { name: '键盘也能完成一切', exact: true })
    await expect(made).toHaveAttribute('width', '1080')
    await expect(made).toHaveAttribute('height', '1920')
  })
})
