import { expect, registerUser, seedNotifications, signIn, test } from './fixtures'

test.describe('screens', () => {
  test('templates: the star toggles at once and is kept by the server', async ({ page, server }) => {
    await signIn(page, await registerUser(server), '/templates')
    const first = page.getByRole('button', { name: /^Star / }).first()
    await expect(first).toBeVisible()
    const name = ((await first.getAttribute('aria-label')) ?? '').replace(/^Star /, '')
    await first.click()
    const unstar = page.getByRole('button', { name: `Unstar ${name}` })
    await expect(unstar).toHaveAttribute('aria-pressed', 'true')
    await page.reload()
    await expect(unstar).toHaveAttribute('aria-pressed', 'true')
    // Starred types appear on the dashboard.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click()
    await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible()
  })

  test('notifications: filters, pages, marking one read moves the badge', async ({ page, server }) => {
    const account = await registerUser(server)
    seedNotifications(server, account.id, 14)
    await signIn(page, account, '/notifications')
    const bell = page.locator('[data-slot="notification-bell"]')
    await expect(bell).toHaveAccessibleName('Notifications, 15 unread')
    await expect(page.getByText('Page 1 of 2')).toBeVisible()
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByTestId('notification-list').getByRole('listitem')).toHaveCount(5)
    await page.getByRole('button', { name: 'Mark as read' }).first().click()
    await expect(bell).toHaveAccessibleName('Notifications, 14 unread')
    await page.getByRole('button', { name: 'Read', exact: true }).click()
    await expect(page.getByTestId('notification-list').getByRole('listitem')).toHaveCount(1)
    await page.getByRole('button', { name: 'Unread' }).click()
    await expect(page.getByText('Page 1 of 2')).toBeVisible()
  })

  test('contact: validated with the contract, then sent', async ({ page }) => {
    await page.goto('/contact-us')
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByText('Enter your name')).toBeVisible()
    await page.getByLabel('Your name').fill('Ada')
    await page.getByLabel('Your email').fill('ada@example.com')
    await page.getByLabel('Message').fill('Hello, I would like to know more about subscriptions.')
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByRole('status')).toContainText('Your message has been sent')
  })

  test('pricing plans link every tier and kind to its checkout page', async ({ page, server }) => {
    await signIn(page, await registerUser(server), '/pricing-plans')
    const links = page.getByRole('link', { name: /^(Buy|Subscribe)/ })
    await expect(links).toHaveCount(6)
    await page.getByRole('link', { name: 'Subscribe: 275 credits a month for $84.90' }).click()
    await expect(page).toHaveURL(/\/checkout\/main\/subscription-84-9$/)
  })

  test('the language switch changes every text, the title and <html lang>, and is remembered', async ({
    page,
  }) => {
    await page.goto('/login')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    await expect(page).toHaveTitle('Sign in to Templet · Templet')
    await page.getByLabel('Language', { exact: true }).selectOption('zh-CN')
    await expect(page.getByRole('heading', { name: '登录 Templet' })).toBeVisible()
    await expect(page).toHaveTitle('登录 Templet · Templet')
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await page.getByRole('button', { name: '登录' }).click()
    await expect(page.getByText('请输入有效的邮箱地址')).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { name: '登录 Templet' })).toBeVisible()
  })

  test('a Chinese browser gets Chinese, and dark mode follows the system', async ({ browser, server }) => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN')
    await expect(page.locator('html')).toHaveClass(/dark/)
    await context.close()
  })
})

const SCREENS = [
  { name: 'landing', path: '/', session: false },
  { name: 'login', path: '/login', session: false },
  { name: 'register', path: '/register', session: false },
  { name: 'terms', path: '/terms', session: false },
  { name: 'contact', path: '/contact-us', session: false },
  { name: 'examples', path: '/examplesA', session: false },
  { name: 'checkout', path: '/checkout/main/payment-49-9', session: false },
  { name: 'checkout1', path: '/checkout1/main/subscription-84-9', session: false },
  { name: 'dashboard', path: '/dashboard', session: true },
  { name: 'templates', path: '/templates', session: true },
  { name: 'template-type', path: '/templates/1', session: true },
  { name: 'editor', path: '/templates/1/edit', session: true },
  { name: 'notifications', path: '/notifications', session: true },
  { name: 'pricing-plans', path: '/pricing-plans', session: true },
  { name: 'purchase-history', path: '/purchase-history', session: true },
  { name: 'credit-history', path: '/purchase-history?tab=credits', session: true },
  { name: 'creation', path: '/creation', session: true },
  { name: 'bulk', path: '/bulk', session: true },
  { name: 'bulk-template', path: '/bulk?template=1', session: true },
  { name: 'not-found', path: '/nowhere', session: true },
]

// The width decides whether a screen scrolls sideways; the colour scheme does not, but each is drawn once.
for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 390],
] as const) {
  test(`${scheme}, ${width} px: no screen scrolls sideways`, async ({ page, server }) => {
    test.setTimeout(300_000)
    await page.emulateMedia({ colorScheme: scheme })
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await signIn(page, await registerUser(server), '/about-us')
    for (const screen of SCREENS) {
      if (!screen.session) await page.evaluate(() => localStorage.setItem('user', '{}'))
      else if ((await page.evaluate(() => localStorage.getItem('user'))) === '{}') {
        await signIn(page, await registerUser(server), '/about-us')
      }
      await page.goto(screen.path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        screen.name,
      ).toBeLessThanOrEqual(width)
    }
  })
}
