import type { Page } from '@playwright/test'
import { expect, PUBLIC_PATHS, registerUser, signIn, test } from './fixtures'

/** Holds back the app's code (src/start.tsx) until `release` is called: the page as it is before React. */
async function holdApp(page: Page) {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/start-*.js', async (route) => {
    await released
    await route.continue()
  })
  return () => release()
}

/** Console errors and uncaught exceptions (a hydration mismatch is reported as one). */
function collectErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

test.describe('pre-rendered public pages', () => {
  test('each one arrives as HTML with its content and title, and hydrates without an error', async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page)
    for (const path of PUBLIC_PATHS) {
      const html = await (await request.get(path)).text()
      expect(html, path).toContain('<div id="root" data-prerendered><')
      expect(html, path).toMatch(/<h1[^>]*>.+?<\/h1>/)
      expect(html, path).not.toContain('<script>')
      await page.goto(path)
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]
      await expect(page).toHaveTitle(title ?? '')
      // The language switcher works only once React runs.
      await expect(page.getByRole('combobox', { name: 'Language' })).toBeEnabled()
      await page.waitForLoadState('networkidle')
      expect(errors, path).toEqual([])
    }
  })

  test('the page shows before the app runs, and its form cannot be sent until then', async ({ page }) => {
    const release = await holdApp(page)
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Sign in to Templet' })).toBeVisible()
    const submit = page.getByRole('button', { name: 'Sign in' })
    await expect(submit).toBeDisabled()
    await page.getByLabel('Email').fill('not-an-email')
    release()
    await expect(submit).toBeEnabled()
    // What was typed before the app ran is kept, and the form is the app's now.
    await expect(page.getByLabel('Email')).toHaveValue('not-an-email')
    await submit.click()
    await expect(page.getByText('Enter a valid email address')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('without JavaScript the page still reads, and nothing can be posted', async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/terms')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.goto('/contact-us')
    await expect(page.getByRole('button', { name: 'Send message' })).toBeDisabled()
    await context.close()
  })

  test('a Chinese visitor never sees the English page, not even before the app runs', async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', colorScheme: 'dark' })
    const page = await context.newPage()
    const release = await holdApp(page)
    await page.goto('/')
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expect(page.locator('#root')).toBeHidden()
    release()
    await expect(page.getByRole('link', { name: '登录' })).toBeVisible()
    await expect(page.locator('#root')).not.toContainText('Sign in')
    await context.close()
  })

  test('a signed-in visitor on /login goes to the dashboard without seeing the form', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server), '/about-us')
    const release = await holdApp(page)
    await page.goto('/login')
    await expect(page.locator('#root')).toBeHidden()
    release()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  })

  test('a page whose query the screen reads is rendered by the app, not hydrated', async ({ page }) => {
    const errors = collectErrors(page)
    await page.goto('/login?redirect=%2Fcreation')
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?redirect=%2Fcreation',
    )
    expect(errors).toEqual([])
  })
})
