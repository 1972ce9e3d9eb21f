import {
  apiAs,
  expect,
  registerUser,
  seedNotifications,
  signIn,
  startServer,
  storeSession,
  test,
} from './fixtures'

const entries = [
  'Dashboard',
  'Templates',
  'Creation History',
  'Pricing Plans',
  'Purchase History',
  'Notifications',
]

test.describe('the logged-in layout', () => {
  test('the sidebar lists the six entries in order and highlights the current one, which names the tab', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server))
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText(entries)
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
    await expect(page).toHaveTitle('Dashboard · Templet')
    await nav.getByRole('link', { name: 'Pricing Plans' }).click()
    await expect(page).toHaveURL(/\/pricing-plans$/)
    await expect(page).toHaveTitle('Pricing Plans · Templet')
    await expect(nav.getByRole('link', { name: 'Pricing Plans' })).toHaveAttribute('aria-current', 'page')
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)
  })

  test('on a desktop the sidebar collapses to a rail, and stays collapsed after a reload', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server))
    const toggle = page.getByRole('button', { name: 'Show or hide navigation' })
    const sidebar = page.locator('aside[data-slot="sidebar"]')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
    await page.reload()
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed')
    await toggle.click()
    await expect(sidebar).toHaveAttribute('data-state', 'expanded')
  })

  test('on a 390 px phone the sidebar is a drawer: hidden at first, closed by its button and by Escape', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, await registerUser(server))
    const nav = page.getByRole('navigation', { name: 'Main' })
    const toggle = page.getByRole('button', { name: 'Show or hide navigation' })
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
    await expect(nav).toBeHidden()
    await toggle.click()
    await expect(nav).toBeVisible()
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(nav).toBeHidden()
    await toggle.click()
    await expect(nav).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    // Choosing an entry navigates and closes the drawer.
    await toggle.click()
    await nav.getByRole('link', { name: 'Templates' }).click()
    await expect(page).toHaveURL(/\/templates$/)
    await expect(nav).toBeHidden()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })

  test("an open drawer locks the page behind it with the scroll lock's own style, which the CSP admits by nonce", async ({
    page,
    server,
  }) => {
    const refused: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text())
    })
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, await registerUser(server))
    // A pre-rendered page (/dashboard) and the app's shell (a path with a parameter) each carry their own nonce.
    for (const path of ['/dashboard', '/purchase-history/1']) {
      await page.goto(path)
      const toggle = page.getByRole('button', { name: 'Show or hide navigation' })
      await toggle.click()
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
      await expect(page.locator('style[nonce]')).not.toHaveCount(0)
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')
      await page.keyboard.press('Escape')
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.body).overflow))
        .not.toBe('hidden')
    }
    expect(refused).toEqual([])
  })

  test('the bell counts real unread notifications, shows 99+ past 99, and follows "mark all read"', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await signIn(page, account)
    // Every account gets a welcome notification.
    await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible()
    seedNotifications(server, account.id, 120)
    // The count is re-read when the window regains focus.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    const bell = page.getByRole('link', { name: 'Notifications, 121 unread' })
    await expect(bell).toBeVisible()
    await expect(bell).toContainText('99+')
    await bell.click()
    await expect(page).toHaveURL(/\/notifications$/)
    await page.getByRole('button', { name: 'Mark all as read' }).click()
    await expect(page.locator('[data-slot="notification-bell"]')).toHaveAccessibleName('Notifications')
    await expect(page.locator('[data-slot="notification-bell"]')).not.toContainText(/\d/)
  })

  test('the avatar menu names the user, links to the histories, and logs out to / with an empty record', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server, 'Katherine Johnson')
    await signIn(page, account)
    const menu = page.getByRole('button', { name: 'Account menu, Katherine Johnson' })
    await menu.click()
    await page.getByRole('menuitem', { name: 'Purchase History' }).click()
    await expect(page).toHaveURL(/\/purchase-history$/)
    await menu.click()
    await page.getByRole('menuitem', { name: 'Creation History' }).click()
    await expect(page).toHaveURL(/\/creation$/)
    await menu.click()
    const hint = async () =>
      (await page.context().cookies()).find((c) => c.name === 'templet_signed_in')?.value
    expect(await hint()).toBe('1')
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await expect(page).toHaveURL(`${server.url}/`)
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBe('{}')
    // The token was revoked on the server.
    expect((await apiAs(server, account.token, 'GET', '/user/my-info')).code).toBe(401)
    // The server's hint is gone with the session: the sign-in page is sent, not a redirect.
    expect(await hint()).toBeUndefined()
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Sign in to Templet' })).toBeVisible()
  })

  test('the avatar menu pressed again while it fades out after an item stays open', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server, 'Katherine Johnson'))
    // A slower fade than the theme's 100 ms, so that the press lands inside it on every run.
    await page.evaluate(() =>
      document.documentElement.style.setProperty('--animate-ui-pop-out', 'ui-pop-out 1500ms ease-in'),
    )
    const menu = page.getByRole('button', { name: 'Account menu, Katherine Johnson' })
    const fading = page.locator('[data-slot="dropdown-menu-content"][data-state="closed"]')
    await menu.click()
    await page.getByRole('menuitem', { name: 'Purchase History' }).click()
    await expect(fading).toHaveCount(1)
    await menu.click()
    await expect(fading).toHaveCount(0)
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('menuitem', { name: 'Creation History' })).toBeVisible()
  })

  test('a read of the screen being left after a logout, answered 401, sends no one to sign-in', async ({
    page,
    server,
  }) => {
    await signIn(page, await registerUser(server))
    await expect(page.getByTestId('credits')).toHaveText('5')
    // The landing page's code held back: the app's layout stays mounted after the session has ended.
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(/\/assets\/(landing|public-layout)-[^/]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    await page.getByRole('button', { name: /^Account menu/ }).click()
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/user/logout'))
    await page.getByRole('menuitem', { name: 'Log out' }).click()
    await loggedOut
    // The network comes back: the layout's reads refetch, now without a token.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/user/my-info'))
    await page.context().setOffline(true)
    await page.context().setOffline(false)
    expect(await (await refused).json()).toMatchObject({ code: 401 })
    release()
    // The landing page renders from the code held back until after the 401 was answered and handled: by the
    // time it shows, a move to sign-in or a notice of the 401 would have happened.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Make on-brand images from templates, in minutes' }),
    ).toBeVisible()
    await expect(page).toHaveURL(`${server.url}/`)
    await expect(page.getByText('Your session has ended')).toHaveCount(0)
  })

  test('a request refused with code 401 ends the session and goes to /login', async ({ page, server }) => {
    const account = await registerUser(server)
    await signIn(page, account)
    await expect(page.getByTestId('credits')).toHaveText('5')
    // Signed out elsewhere: the token is revoked behind the page's back.
    expect((await apiAs(server, account.token, 'POST', '/user/logout')).code).toBe(0)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click()
    await expect(page).toHaveURL(/\/login\?redirect=%2Ftemplates$/)
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBe('{}')
  })

  test('a server that is down is said in a toast, in the current language', async ({ page }) => {
    // A second, private server: signed in there, then stopped, so the port is really closed.
    const doomed = await startServer()
    try {
      const account = await registerUser(doomed)
      await page.goto(`${doomed.url}/about-us`)
      await storeSession(page, account)
      // Both screens' code is loaded while the server is up; only their data requests fail afterwards.
      await page.goto(`${doomed.url}/templates`)
      await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
      await expect(page.getByTestId('credits')).toHaveText('5')
      await doomed.stop()
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Templates' }).click()
      // Templates makes two reads: the one toast (deduplicated by id) can also be in the announcer's text.
      await expect(page.getByText('Cannot reach the server').first()).toBeVisible()
      await page.getByLabel('Language').selectOption('zh-CN')
      await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '仪表盘' }).click()
      await expect(page.getByText('后端接口连接异常').first()).toBeVisible()
    } finally {
      await doomed.stop()
    }
  })
})
