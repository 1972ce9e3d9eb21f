import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { apiAs, expect, grantTeamCredits, registerUser, signIn, storeSession, test } from './fixtures'
import { teamWith } from './team-helpers'

/** Moves the tab to `team` with the header's workspace switcher. */
async function switchTo(page: Page, from: string, team: string, role: string) {
  await page.getByRole('button', { name: `Workspace, ${from}` }).click()
  await page.getByRole('menuitemradio', { name: `${team}, ${role}` }).click()
  await expect(page.getByRole('button', { name: `Workspace, ${team}` })).toBeVisible()
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').pressSequentially(number.replace(/\s/g, ''))
  await page.getByLabel('Expiry date').pressSequentially('1234')
  await page.getByLabel('Security code (CVC)').fill('123')
}

test.describe('billing in a team says whose it is', () => {
  test("a team admin sees the team's balance in the header and on Pricing Plans with its seats, sets its billing address and buys credits for the team, billed there", async ({
    page,
    server,
  }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const admin = await registerUser(server, 'Grace Admin')
    const teamId = await teamWith(page, server, owner, [[admin, 'admin']], 'Acme')
    grantTeamCredits(server, teamId, 120)
    const pending = await apiAs(server, owner.token, 'POST', '/team/invite', {
      teamId,
      email: 'new.hire@example.com',
      role: 'editor',
    })
    expect(pending.code, pending.msg).toBe(0)

    await signIn(page, admin)
    const balance = page.getByTestId('header-balance')
    await expect(balance).toHaveAccessibleName('5 credits, your balance')
    await switchTo(page, 'Grace Admin', 'Acme', 'Admin')
    await expect(balance).toHaveAccessibleName("Acme · 120 credits, the team's balance")
    await expect(balance.locator('[data-slot=credit-balance-owner]')).toHaveText('Acme')

    await balance.click()
    await expect(page).toHaveURL(/\/pricing-plans$/)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: "Acme's balance" })).toBeVisible()
    await expect(page.getByTestId('plans-balance')).toHaveText('120 credits')
    await expect(main.getByRole('heading', { name: "Acme's plan" })).toBeVisible()
    await expect(page.getByTestId('plans-whose')).toHaveText(
      'What you buy here credits the team Acme: all its members create with its credits.',
    )
    // The team's seats: its two members and the pending invitation, of 50.
    const seats = main.getByRole('region', { name: 'Seats' })
    await expect(seats.getByTestId('plans-seats')).toHaveText('3 of 50 seats taken')
    await expect(seats.getByRole('listitem')).toHaveText(['Members: 2', 'Pending invitations: 1'])
    await expectNoAxeViolations(page)
    await seats.getByRole('link', { name: 'Members and invitations' }).click()
    await expect(page).toHaveURL(new RegExp(`/teams\\?team=${teamId}$`))
    await expect(page.getByText('new.hire@example.com').first()).toBeVisible()
    await page.goto('/pricing-plans')

    // The billing address of the team's receipts: refused without a name, then saved.
    const billing = main.getByRole('region', { name: 'Billing address for receipts' })
    await expect(billing.getByTestId('billing-address-current')).toHaveText(
      'None yet: receipts are billed to the team’s name, Acme.',
    )
    await billing.getByLabel('Postal address').fill('1 Harbour Road')
    await billing.getByRole('button', { name: 'Save billing address' }).click()
    await expect(billing.getByLabel('Billing name')).toBeFocused()
    await expect(billing.getByLabel('Billing name')).toHaveAccessibleDescription(
      /Enter the name the receipts are billed to$/,
    )
    await billing.getByLabel('Billing name').fill('Acme Ltd')
    await billing.getByLabel('Postal address').fill('1 Harbour Road\n\n  Leith EH6 6LX\nUnited Kingdom')
    await billing.getByRole('button', { name: 'Save billing address' }).click()
    await expect(
      page.getByText('Billing address saved: later receipts are billed to Acme Ltd.', { exact: true }),
    ).toBeVisible()
    await expect(billing.getByTestId('billing-address-current')).toHaveText(
      'Receipts are billed to:Acme Ltd1 Harbour RoadLeith EH6 6LXUnited Kingdom',
    )
    await expect(billing.getByLabel('Postal address')).toHaveValue(
      '1 Harbour Road\nLeith EH6 6LX\nUnited Kingdom',
    )
    await expectNoAxeViolations(page)

    await page.getByRole('link', { name: 'Buy 100 credits for the team Acme for $49.90' }).click()
    await expect(page).toHaveURL(/\/checkout\/main\/payment-49-9$/)
    await expect(page.getByTestId('checkout-team')).toHaveText('The credits go to the team Acme.')
    await expect(page.getByTestId('checkout-balance')).toHaveText("Acme's balance: 120 credits")
    await fillCard(page, '4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay $49.90' }).click()
    await expect(page.getByTestId('checkout-new-balance')).toHaveText("Acme's balance is now 220 credits.")
    await page.getByRole('link', { name: 'View receipt' }).click()
    const customer = page.getByTestId('receipt-customer')
    await expect(customer).toContainText('Acme Ltd')
    await expect(customer.locator('span')).toHaveText(['1 Harbour Road', 'Leith EH6 6LX', 'United Kingdom'])
    await page.goto('/dashboard')
    await expect(balance).toHaveAccessibleName("Acme · 220 credits, the team's balance")
    // The admin's own credits are untouched.
    const own = await apiAs(server, admin.token, 'GET', '/credit/balance')
    expect((own.data as { balance: number }).balance).toBe(5)
  })

  test("a viewer sees the team's balance and who buys, and nothing to buy with", async ({ page, server }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const viewer = await registerUser(server, 'Lin Viewer')
    const teamId = await teamWith(page, server, owner, [[viewer, 'viewer']], 'Acme')
    grantTeamCredits(server, teamId, 2)

    await signIn(page, viewer)
    await switchTo(page, 'Lin Viewer', 'Acme', 'Viewer')
    const balance = page.getByTestId('header-balance')
    await expect(balance).toHaveAccessibleName("Acme · 2 credits, the team's balance, running low")
    await expect(balance).toHaveAttribute('data-low', 'true')

    await page.goto('/pricing-plans')
    await expect(page.getByTestId('plans-balance')).toHaveText('2 credits')
    await expect(page.getByTestId('plans-whose')).toHaveText(
      "Only the team's owner and admins buy credits and plans for Acme. Ask one of them when its credits run low.",
    )
    await expect(page.getByTestId('offer-payment-49-9')).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: /^(Buy|Subscribe)/ })).toHaveCount(0)
    await expect(page.getByRole('main').getByRole('button', { name: /^(Switch|Cancel)/ })).toHaveCount(0)
    await expect(page.getByRole('heading', { name: "Acme's plan" })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Billing address for receipts' })).toHaveCount(0)
    // A viewer counts the seats too (the invitations themselves are for the owner and admins).
    await expect(page.getByTestId('plans-seats')).toHaveText('2 of 50 seats taken')
    await expectNoAxeViolations(page)

    // A checkout link opened anyway says who buys, and opens no checkout.
    await page.goto('/checkout/main/payment-49-9')
    await expect(page.getByTestId('checkout-admin-buys')).toContainText(
      "Only the team's owner and admins buy credits and plans for Acme.",
    )
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0)
  })

  test('fits a phone with a long team name, and reads in Chinese', async ({ page, server }) => {
    // As long as a team's name may be (60 characters).
    const long = 'Northern Hemisphere Regional Marketing & Communications Dept'
    const owner = await registerUser(server, 'Ada Owner')
    const created = await apiAs(server, owner.token, 'POST', '/team/create', { name: long })
    const teamId = (created.data as { id: number }).id
    grantTeamCredits(server, teamId, 1250)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/about-us')
    await storeSession(page, owner)
    await page.evaluate((id) => {
      localStorage.setItem('templet.language', 'zh-CN')
      sessionStorage.setItem('templet.team', id)
    }, String(teamId))
    await page.goto('/pricing-plans')
    const balance = page.getByTestId('header-balance')
    await expect(balance).toHaveAccessibleName(`${long} · 1,250 积分，团队的余额`)
    await expect(page.getByTestId('plans-balance')).toHaveText('1,250 积分')
    await expect(page.getByRole('heading', { name: `${long} 的余额` })).toBeVisible()
    await expect(page.getByTestId('plans-seats')).toHaveText('已占用 1 / 50 个席位')
    // The header keeps to the screen: the name is cut, all of it in the link's name.
    const header = page.getByRole('banner')
    expect(await header.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
    const box = await balance.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390)
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
    await page.screenshot({ path: 'test-results/team-billing-phone-zh.png', fullPage: true })
  })
})
