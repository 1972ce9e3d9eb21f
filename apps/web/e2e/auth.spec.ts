import { expect, registerUser, test } from './fixtures'

test.describe('sign-in and registration', () => {
  test('the form schemas (and zod) load when the form is first used, not with the page', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
    })
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
    await page.waitForLoadState('networkidle')
    expect(scripts.some((path) => path.includes('form-schemas'))).toBe(false)
    const schemas = page.waitForRequest(/form-schemas-[\w-]+\.js$/)
    await page.getByLabel('Email').focus()
    await schemas
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Enter a valid email address')).toBeVisible()
  })

  test('registering through the form validates with the contract, then signs in and opens the dashboard', async ({
    page,
  }) => {
    await page.goto('/register')
    const email = page.getByLabel('Email')
    await expect(email).toHaveAttribute('autocomplete', 'email')
    await expect(page.getByLabel('Name (optional)')).toHaveAttribute('autocomplete', 'name')
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'new-password')

    await email.fill('not-an-email')
    await page.getByLabel('Password', { exact: true }).fill('short')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByText('Enter a valid email address')).toBeVisible()
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toBeFocused()

    const address = `new-${Date.now()}@example.com`
    await page.getByLabel('Name (optional)').fill('Grace Hopper')
    await email.fill(address)
    await page.getByLabel('Password', { exact: true }).fill('a long enough password')
    // The visibility toggle shows what was typed.
    await page.getByRole('button', { name: 'Show password' }).click()
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text')
    await page.getByLabel('Password', { exact: true }).press('Enter')

    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { name: 'Welcome, Grace Hopper' })).toBeVisible()
    await expect(page.getByTestId('credits')).toHaveText('5')
    // Signing in leaves the hint with which the server sends this browser from /login to the dashboard.
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === 'templet_signed_in')).toMatchObject({ value: '1', path: '/' })
  })

  test('“Create an account” keeps the sign-in’s redirect, also when pressed before the app has started', async ({
    page,
  }) => {
    // The app's scripts never arrive: the page is its pre-rendered HTML and the inline boot script.
    await page.route('**/assets/*.js', () => {})
    // Neither the page's load nor its DOMContentLoaded comes without its module scripts: wait for the link.
    await page.goto('/login?redirect=%2Fjoin%3Ftoken%3Dabc', { waitUntil: 'commit' })
    await page.getByText('New to Templet?').getByRole('link', { name: 'Create an account' }).click()
    await expect(page).toHaveURL(/\/register\?redirect=%2Fjoin%3Ftoken%3Dabc$/)
    await page.getByText('Already have an account?').getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/login\?redirect=%2Fjoin%3Ftoken%3Dabc$/)
  })

  test('a taken email is said beside the field', async ({ page, server }) => {
    const account = await registerUser(server)
    await page.goto('/register')
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill('another password')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByText('An account with this email already exists.')).toBeVisible()
  })

  test('a wrong password is said inline; the right one returns to the page that asked for sign-in', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await page.goto('/notifications?filter=unread')
    await expect(page).toHaveURL(/\/login\?redirect=/)
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute(
      'autocomplete',
      'current-password',
    )
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill('wrong password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('The email or password is wrong.')

    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByLabel('Password', { exact: true }).press('Enter')
    await expect(page).toHaveURL(/\/notifications\?filter=unread$/)
    await expect(page.getByRole('button', { name: 'Unread', pressed: true })).toBeVisible()
  })

  for (const target of ['//evil.com', 'https://evil.com/x', '/\\evil.com', 'javascript:alert(1)']) {
    test(`no open redirect: after sign-in, ${target} leads to the dashboard`, async ({ page, server }) => {
      const account = await registerUser(server)
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`)
      await page.getByLabel('Email').fill(account.email)
      await page.getByLabel('Password', { exact: true }).fill(account.password)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page).toHaveURL(`${server.url}/dashboard`)
    })
  }
})
