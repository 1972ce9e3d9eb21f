import type { APIRequestContext, Page } from '@playwright/test'
import { expect, holdApp, PUBLIC_PATHS, registerUser, signIn, test } from './fixtures'

/** Console errors and uncaught exceptions (a hydration mismatch is reported as one). */
function collectErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/**
 * The scripts a page's HTML preloads (scripts/prerender.mjs writes a page's whole first load); a page of the app
 * as sent to a browser that holds a session (the server sends anyone else to sign in).
 */
async function preloadedScripts(request: APIRequestContext, path: string, signedIn = false) {
  const headers: Record<string, string> = signedIn ? { Cookie: 'templet_signed_in=1' } : {}
  const html = await (await request.get(path, { headers })).text()
  return [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((match) => match[1] ?? '')
}

test.describe('chunks (chunk-groups.ts)', () => {
  test('the signed-in app loads in few scripts, and no public page loads the signed-in app’s', async ({
    request,
  }) => {
    const dashboard = await preloadedScripts(request, '/dashboard', true)
    // The bundler's own split asked for 45.
    expect(dashboard.length).toBeGreaterThan(0)
    expect(dashboard.length).toBeLessThanOrEqual(20)
    const signedIn = dashboard.filter((file) => file.startsWith('/assets/signed-in-'))
    expect(signedIn).toHaveLength(1)
    for (const path of PUBLIC_PATHS) {
      const scripts = await preloadedScripts(request, path)
      expect(scripts, path).toContain(dashboard.find((file) => file.startsWith('/assets/start-')))
      expect(
        scripts.filter((file) => file.startsWith('/assets/signed-in-')),
        path,
      ).toEqual([])
    }
    for (const file of dashboard) expect((await request.get(file)).status(), file).toBe(200)
  })

  test('every script a page starts with asks V8 to compile it while it downloads (vite.config.ts)', async ({
    request,
  }) => {
    const scripts = new Set<string>()
    for (const path of ['/dashboard', ...PUBLIC_PATHS])
      for (const file of await preloadedScripts(request, path)) scripts.add(file)
    expect(scripts.size).toBeGreaterThan(2)
    for (const file of scripts)
      expect((await (await request.get(file)).text()).split('\n', 1)[0], file).toBe(
        '//# allFunctionsCalledOnLoad',
      )
  })
})

test.describe('pre-rendered public pages', () => {
  test('each one arrives as HTML in English and Chinese, and hydrates without an error in each', async ({
    browser,
    server,
    request,
  }) => {
    for (const locale of ['en-US', 'zh-CN']) {
      const context = await browser.newContext({ baseURL: server.url, locale })
      const page = await context.newPage()
      const errors = collectErrors(page)
      for (const path of PUBLIC_PATHS) {
        const html = await (await request.get(path)).text()
        expect(html, path).toContain('<html lang="en" data-page="public">')
        expect(html, path).toContain('<div id="root" data-prerendered lang="en"><')
        expect(html, path).toContain('<div data-prerendered lang="zh-CN"><')
        expect(html, path).toMatch(/<h1[^>]*>.+?<\/h1>/)
        expect(html, path).not.toContain('<script>')
        await page.goto(path)
        const title =
          locale === 'en-US'
            ? /<title>([^<]*)<\/title>/.exec(html)?.[1]
            : /<meta name="title:zh-CN" content="([^"]*)"/.exec(html)?.[1]
        await expect(page).toHaveTitle(title ?? '')
        // The language switcher works only once the app runs.
        await expect(
          page.getByRole('combobox', { name: locale === 'en-US' ? 'Language' : '语言' }),
        ).toBeEnabled()
        await page.waitForLoadState('networkidle')
        // One copy of the page, in the visitor's language.
        await expect(page.locator('#root')).toHaveCount(1)
        await expect(page.locator('#root')).toHaveAttribute('lang', locale === 'en-US' ? 'en' : 'zh-CN')
        expect(errors, `${locale} ${path}`).toEqual([])
      }
      await context.close()
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
})

/** Every kind of visitor sees their own page from the HTML, before the app's code runs. */
test.describe('the first paint of every visitor', () => {
  test('a Chinese visitor sees the Chinese page before the app runs, never the English one', async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', colorScheme: 'dark' })
    const page = await context.newPage()
    const release = await holdApp(page)
    await page.goto('/')
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(page.getByRole('link', { name: '登录' })).toBeVisible()
    await expect(page).toHaveTitle('Templet · 用模板几分钟做出图片')
    await expect(page.locator('body')).not.toContainText('Sign in')
    release()
    await expect(page.getByRole('combobox', { name: '语言' })).toBeEnabled()
    await expect(page.locator('#root')).not.toContainText('Sign in')
    await context.close()
  })

  test('a visitor who chose Chinese in an English browser gets the Chinese page', async ({ page }) => {
    await page.goto('/about-us')
    await page.evaluate(() => localStorage.setItem('templet.language', 'zh-CN'))
    const release = await holdApp(page)
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: '登录 Templet' })).toBeVisible()
    release()
    await expect(page.getByRole('button', { name: '登录' })).toBeEnabled()
  })

  test('a page with a query shows before the app runs, and follows the query once it does', async ({
    page,
  }) => {
    const errors = collectErrors(page)
    const release = await holdApp(page)
    await page.goto('/login?redirect=%2Fcreation')
    await expect(page.getByRole('heading', { name: 'Sign in to Templet' })).toBeVisible()
    release()
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?redirect=%2Fcreation',
    )
    await page.waitForLoadState('networkidle')
    expect(errors).toEqual([])
  })

  test('a signed-in visitor on a public page sees "Dashboard", not "Sign in", before the app runs', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server), '/about-us')
    const release = await holdApp(page)
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Open the app' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeHidden()
    release()
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeEnabled()
    await header.getByRole('link', { name: 'Open the app' }).click()
    await expect(page.getByTestId('credits')).toHaveText('5')
  })

  test('a signed-in visitor on /login goes to the dashboard without the form ever showing', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server), '/about-us')
    // Records, in every document of the tab, whether a sign-in form was ever on screen.
    await page.addInitScript(() => {
      const check = () => {
        if (document.querySelector('form input[type="password"]')?.checkVisibility())
          sessionStorage.setItem('formSeen', location.pathname)
      }
      new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true })
    })
    const release = await holdApp(page)
    // the boot script (src/boot.ts) left the session's cookie on the page before: the server answers /login with the redirect.
    const signInAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/login')
    await page.goto('/login')
    expect((await signInAnswer).status()).toBe(302)
    await expect(page).toHaveURL(/\/dashboard$/)
    // The dashboard's first paint is its pre-rendered shell (inert), before the app runs.
    await expect(page.locator('[data-placeholder] [data-slot="app-shell"]')).toBeVisible()
    release()
    await expect(page.getByTestId('credits')).toHaveText('5')
    expect(await page.evaluate(() => sessionStorage.getItem('formSeen'))).toBeNull()
  })

  test('a stale session cookie without a session ends on the sign-in page, with the cookie gone', async ({
    page,
    server,
  }) => {
    await page.context().addCookies([{ name: 'templet_signed_in', value: '1', url: server.url }])
    await page.goto('/login')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
    await expect(page.getByRole('heading', { name: 'Sign in to Templet' })).toBeVisible()
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain('templet_signed_in')
  })

  test('a signed-in visitor on /dashboard sees the shell before the app runs, in their language', async ({
    browser,
    server,
  }) => {
    const account = await registerUser(server)
    for (const [locale, dashboard] of [
      ['en-US', 'Dashboard'],
      ['zh-CN', '仪表盘'],
    ] as const) {
      const context = await browser.newContext({ baseURL: server.url, locale })
      const page = await context.newPage()
      const errors = collectErrors(page)
      await signIn(page, account, '/about-us')
      const release = await holdApp(page)
      // The app's last start-up request: the live notification stream, which stays open (so the network
      // never goes idle on a signed-in page).
      const live = page.waitForResponse((r) => r.url().endsWith('/api/notification/stream'))
      await page.goto('/dashboard')
      const placeholder = page.locator('#root [data-placeholder][inert]')
      await expect(placeholder.locator('[data-slot="app-shell"]')).toBeVisible()
      await expect(placeholder.locator('h1')).toHaveText(dashboard)
      await expect(page.locator('#root')).toHaveCount(1)
      release()
      await expect(page.getByTestId('credits')).toHaveText('5')
      await live
      expect(errors).toEqual([])
      await context.close()
    }
  })

  test('a visitor without a session on /dashboard sees the sign-in page before the app runs', async ({
    page,
  }) => {
    // Records whether the logged-in shell was ever put on screen, in any document of the tab.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-slot="app-shell"]')?.checkVisibility())
          sessionStorage.setItem('shellSeen', location.pathname)
      }).observe(document, { childList: true, subtree: true })
    })
    const release = await holdApp(page)
    await page.goto('/dashboard?tab=1')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%3Ftab%3D1$/)
    await expect(page.getByRole('heading', { name: 'Sign in to Templet' })).toBeVisible()
    release()
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?redirect=%2Fdashboard%3Ftab%3D1',
    )
    expect(await page.evaluate(() => sessionStorage.getItem('shellSeen'))).toBeNull()
  })
})
