import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Page } from '@playwright/test'
import {
  type Account,
  apiAs,
  expect,
  registerUser,
  signIn,
  startServer,
  storeSession,
  type TempletServer,
  test,
} from './fixtures'
import { followMailLink } from './mail'

const require = createRequire(import.meta.url)
const NEW_PASSWORD = 'a brand new passphrase'

/** Runs axe on the page's main content (the screen this feature adds): no violations of WCAG 2.x A/AA. */
async function expectNoAxeViolations(page: Page) {
  // Evaluated through the debugging protocol: the page's Content-Security-Policy would refuse a script tag.
  await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'))
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: unknown,
            o: unknown,
          ): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>
        }
      }
    ).axe
    const result = await axe.run(
      { include: [['main']] },
      { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    )
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  })
  expect(violations).toEqual([])
}

/** A creation of the "Seasonal sale" template (no photo needed) through the API; returns its id. */
async function createCreation(server: TempletServer, account: Account, name: string): Promise<number> {
  const list = await apiAs(server, account.token, 'GET', '/template/list?pageSize=100')
  const sale = (list.data as { id: number; names: { en: string } }[]).find(
    (t) => t.names.en === 'Seasonal sale',
  )
  if (!sale) throw new Error('the catalogue has no Seasonal sale template')
  const made = await apiAs(server, account.token, 'POST', '/creation/create', {
    templateId: sale.id,
    values: {},
    name,
  })
  expect(made.code, made.msg).toBe(0)
  return (made.data as { id: number }).id
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test.describe('the account', () => {
  test('forgot password → mail → new password → the old sessions are gone', async ({ page, server }) => {
    const account = await registerUser(server)
    const laptop = await apiAs(server, account.token, 'GET', '/user/my-info')
    expect(laptop.code).toBe(0)

    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByLabel('Email').fill(account.email)
    await page.getByRole('button', { name: 'Send the link' }).press('Enter')
    await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible()

    await followMailLink(page, server, account.email, 'Reset your Templet password')
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByLabel('New password').fill('short')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
    await page.getByLabel('New password').fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await expect(page.getByRole('heading', { name: 'Your password is changed' })).toBeVisible()

    expect((await apiAs(server, account.token, 'GET', '/user/my-info')).code).toBe(401)
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await signInWithForm(page, account.email, account.password)
    await expect(page.getByText('The email or password is wrong.')).toBeVisible()
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })

  test('change email → confirm by mail; the settings page is accessible and fits a phone', async ({
    page,
    server,
  }) => {
    const account = await registerUser(server)
    await signIn(page, account, '/dashboard')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Account settings' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
    await expect(page.getByTestId('session-list').getByText('This device')).toBeVisible()
    // A new account has not confirmed its address: the banner says so.
    await expect(page.getByText(`we sent a link to ${account.email}`)).toBeVisible()
    await expectNoAxeViolations(page)

    const newEmail = `moved-${Date.now()}@example.com`
    await page.getByLabel('New email address').fill(newEmail)
    await page.getByLabel('Your password').first().fill('not my password')
    await page.getByRole('button', { name: 'Send a confirmation link' }).click()
    await expect(page.getByText('This password is not right')).toBeVisible()
    await page.getByLabel('Your password').first().fill(account.password)
    await page.getByRole('button', { name: 'Send a confirmation link' }).click()
    await expect(page.getByText(`Waiting for you to open the link we sent to ${newEmail}`)).toBeVisible()
    await expect(page.getByTestId('current-email')).toContainText(account.email)

    await followMailLink(page, server, newEmail, 'Confirm your new email address')
    await expect(page.getByRole('heading', { name: 'Address confirmed' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.goto('/account')
    await expect(page.getByTestId('current-email')).toContainText(newEmail)
    await expect(page.getByTestId('current-email')).toContainText('Confirmed')
    await expect(page.getByText('we sent a link to')).toHaveCount(0)

    await page.setViewportSize({ width: 375, height: 740 })
    await page.getByLabel('Language').first().selectOption('zh-CN')
    await expect(page.getByRole('heading', { level: 1, name: '账户设置' })).toBeVisible()
    await expectNoAxeViolations(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })

  test('export → the ZIP holds the creations', async ({ page, server }) => {
    const account = await registerUser(server)
    const id = await createCreation(server, account, 'Autumn offer')
    await signIn(page, account, '/account')
    await page.getByRole('button', { name: 'Prepare my export' }).click()
    const link = page.getByRole('link', { name: 'Download the ZIP' })
    await expect(link).toBeVisible()
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    const file = await download.path()
    // The server writes the ZIP with fflate: read it back with the same library.
    const { unzipSync } = createRequire(new URL('../../server/package.json', import.meta.url))('fflate') as {
      unzipSync(data: Uint8Array): Record<string, Uint8Array>
    }
    const zip = unzipSync(new Uint8Array(readFileSync(file)))
    const creations = JSON.parse(new TextDecoder().decode(zip['creations.json'])) as {
      id: number
      name: string
    }[]
    expect(creations).toEqual([expect.objectContaining({ id, name: 'Autumn offer' })])
    expect(zip[`creations/${id}/image.png`]?.byteLength).toBeGreaterThan(1000)
  })

  test('delete account → signing in offers to keep it during the grace period', async ({ page, server }) => {
    const account = await registerUser(server)
    await signIn(page, account, '/account')
    await page.getByLabel('Type DELETE to confirm').fill('delete')
    await page.getByLabel('Your password').last().fill(account.password)
    await page.getByRole('button', { name: 'Delete my account' }).click()
    await expect(page.getByText('Type DELETE exactly')).toBeVisible()
    await page.getByLabel('Type DELETE to confirm').fill('DELETE')
    await page.getByRole('button', { name: 'Delete my account' }).click()
    await expect(page.getByRole('heading', { name: 'Your account will be deleted' })).toBeVisible()
    expect((await apiAs(server, account.token, 'GET', '/user/my-info')).code).toBe(401)

    await signInWithForm(page, account.email, account.password)
    await expect(page.getByRole('heading', { name: 'This account is being deleted' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Keep my account and sign in' }).click()
    await expect(page).toHaveURL(/\/dashboard$/)
  })
})

test.describe('deletion after the grace period', () => {
  let server: TempletServer
  test.beforeAll(async () => {
    // No grace, and the purge every second: the deletion happens while the test waits.
    server = await startServer({ DELETION_GRACE_DAYS: '0', ACCOUNT_SCHEDULER_SECONDS: '1' })
  })
  test.afterAll(() => server.stop())

  test('delete account → sign-in fails, files gone', async ({ page }) => {
    const account = await registerUser(server)
    await createCreation(server, account, 'Soon gone')
    const creationsDir = path.join(server.dataDir, 'media', 'creations')
    expect(readdirSync(creationsDir)).toHaveLength(1)

    // This server is not the worker's (`baseURL`): store the session on its origin.
    await page.goto(`${server.url}/about-us`)
    await storeSession(page, account)
    await page.goto(`${server.url}/account`)
    await page.getByLabel('Type DELETE to confirm').fill('DELETE')
    await page.getByLabel('Your password').last().fill(account.password)
    await page.getByRole('button', { name: 'Delete my account' }).click()
    await expect(page.getByRole('heading', { name: 'Your account will be deleted' })).toBeVisible()

    await expect
      .poll(
        async () =>
          (
            await apiAs(server, account.token, 'POST', '/user/login', {
              email: account.email,
              password: account.password,
            })
          ).code,
        { timeout: 30_000 },
      )
      .toBe(401)
    await page.goto(`${server.url}/login`)
    await page.getByLabel('Email').fill(account.email)
    await page.getByLabel('Password', { exact: true }).fill(account.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('The email or password is wrong.')).toBeVisible()
    expect(readdirSync(creationsDir)).toHaveLength(0)
  })
})
