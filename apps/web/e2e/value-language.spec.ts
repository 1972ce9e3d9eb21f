import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { apiAs, expect, registerUser, signIn, type TempletServer, test } from './fixtures'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
interface SharpImage {
  raw(): { toBuffer(): Promise<Buffer> }
}
const sharp = createRequire(path.join(repoRoot, 'apps/server/package.json'))('sharp') as (
  input: Buffer,
) => SharpImage

/** 骨, 直 and 海 are drawn one way in mainland China, another in Japan. */
const HAN = '骨直海'

/** Pixels that differ by more than a quarter of the range, over every channel. */
function differing(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length)
  let n = 0
  for (let i = 0; i < a.length; i++) if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > 64) n++
  return n
}

/** Opens the editor of the catalogue's bold quote. */
async function openBoldQuote(page: Page, server: TempletServer) {
  const account = await registerUser(server)
  const list = await apiAs(server, account.token, 'GET', '/template/list?pageSize=100')
  const template = (list.data as { id: number; name: string }[]).find((t) => t.name === 'Bold quote')
  if (!template) throw new Error('no Bold quote template')
  await signIn(page, account, `/templates/${template.id}/edit`)
  await expect(page.getByRole('heading', { level: 1, name: 'Bold quote' })).toBeVisible()
  return account
}

/** The pixels of the browser-drawn preview as it is now (transparent until its faces are in). */
async function previewPixels(page: Page): Promise<Buffer> {
  const url = await page
    .getByTestId('preview')
    .evaluate((el) => (el as HTMLCanvasElement).toDataURL('image/png'))
  return sharp(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'))
    .raw()
    .toBuffer()
}

/** The preview once every face asked for is in and the page has painted twice since. */
async function settledPreview(page: Page): Promise<Buffer> {
  await page.waitForFunction(() => document.fonts.status === 'loaded')
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
  return previewPixels(page)
}

/** Creates from the editor's values and returns the PNG's pixels and the creation's id. */
async function createAndRead(page: Page, server: TempletServer, token: string) {
  await page.getByRole('button', { name: /^Create · 1 credit/ }).click()
  await expect(page.getByRole('heading', { name: 'Your image is ready' })).toBeFocused()
  const list = await apiAs(server, token, 'GET', '/creation/list?pageSize=1')
  const [newest] = list.data as { id: number; files: { png: string } }[]
  if (!newest) throw new Error('no creation')
  const png = Buffer.from(await (await fetch(`${server.url}${newest.files.png}`)).arrayBuffer())
  return { id: newest.id, pixels: await sharp(png).raw().toBuffer() }
}

test.describe('a value’s language', () => {
  test('is offered for text with Han characters only, draws Japanese forms in the preview and the creation, and comes back on re-open', async ({
    page,
    server,
  }) => {
    // Two pages load CJK faces and two creations draw them: bounded for a busy machine.
    test.setTimeout(300_000)
    const account = await openBoldQuote(page, server)
    const quote = page.getByLabel('Quote', { exact: true })
    await quote.fill('Less is more')
    // The English samples have no Han: no choice anywhere until the quote has some.
    const forms = page.getByRole('combobox', { name: 'Character forms' })
    await expect(forms).toHaveCount(0)

    await quote.fill(HAN)
    await expect(forms).toHaveCount(1)
    await expect(forms).toHaveValue('')
    await expect(forms).toHaveAccessibleDescription(
      'Quote Chinese characters (Han) are drawn as this language writes them.',
    )

    await forms.selectOption('zh-CN')
    await expect(page.getByTestId('preview')).toHaveAttribute('data-painted', /\d/)
    const cnPreview = await settledPreview(page)
    const cn = await createAndRead(page, server, account.token)

    // By keyboard: the choice takes the focus, and typing the option's first letter picks Japanese.
    await forms.focus()
    await page.keyboard.press('j')
    await expect(forms).toHaveValue('ja')
    // The browser draws the quote with Japan's forms once the Japanese face is in.
    await expect
      .poll(async () => differing(await previewPixels(page), cnPreview), { timeout: 30_000 })
      .toBeGreaterThan(200)
    const jaPreview = await previewPixels(page)
    const ja = await createAndRead(page, server, account.token)
    expect(differing(ja.pixels, cn.pixels)).toBeGreaterThan(500)

    // Re-opened, the creation keeps its language and draws as it was made.
    await page.goto(`/creation/${ja.id}/edit`)
    await expect(page.getByRole('combobox', { name: 'Character forms' })).toHaveValue('ja')
    // A new page loads the Japanese face (over 10 MB) again before it paints: on a busy machine, a minute or more.
    await expect(page.getByTestId('preview')).toHaveAttribute('data-painted', /\d/, { timeout: 120_000 })
    await expect
      .poll(async () => differing(await previewPixels(page), jaPreview), { timeout: 60_000 })
      .toBe(0)
  })

  test('is worded in Chinese for a Chinese reader, and passes axe in both languages, on a desktop and a phone', async ({
    page,
    server,
  }, info) => {
    await openBoldQuote(page, server)
    await page.getByLabel('Quote', { exact: true }).fill(HAN)
    await expect(page.getByRole('combobox', { name: 'Character forms' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByLabel('Language').selectOption('zh-CN')
    // The Chinese editor starts from its Chinese samples: each text with Han characters offers the choice.
    await page.getByLabel('引言', { exact: true }).fill(HAN)
    // The Chinese samples have Han in every text: each offers the choice, the quote's first.
    const forms = page.getByRole('combobox', { name: '字形' }).first()
    await expect(forms).toHaveAccessibleDescription('引言 汉字按此语言的写法绘制。')
    await expect(forms.getByRole('option')).toHaveText(['自动', '简体中文', '繁体中文', '日语', '韩语'])
    await expectNoAxeViolations(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await forms.scrollIntoViewIfNeeded()
    await expect(forms).toBeInViewport()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: info.outputPath('value-language-phone-zh.png') })
  })
})
