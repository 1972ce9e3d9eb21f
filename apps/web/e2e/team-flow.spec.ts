import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { catalogueId, saveDesign } from './designer-helpers'
import { apiAs, expect, PAYS, registerUser, signIn, test } from './fixtures'
import { followMailLink, mailLink } from './mail'
import { anotherPerson, switchWorkspace } from './team-helpers'

const PASSWORD = 'correct horse battery'
const PHONE_IN_CHINESE = { locale: 'zh-CN', viewport: { width: 390, height: 844 } }

/** Fills the registration form open on `page` (also the one an invitation's link leads to) and sends it. */
async function registerThroughForm(page: Page, name: string, email: string) {
  await page.getByLabel('Name (optional)').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
}

/** Whether the page is as wide as the screen, and no wider. */
async function fitsTheScreen(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)
}

test.describe('a team from the start', () => {
  test('an owner makes a team and buys its credits; an editor joins by the mailed link, designs in the team and creates on its credits; a guest comments on the shared design and sees the owner resolve it', async ({
    page,
    server,
  }) => {
    // Five people in four browsers, a checkout, a design saved and a creation drawn: a bound for a loaded 2-core
    // machine, not a budget.
    test.setTimeout(360_000)
    const stamp = `${process.pid}-${Date.now()}`
    const ownerEmail = `ada-${stamp}@example.com`
    const editorEmail = `grace-${stamp}@example.com`
    // A colleague who already has an account and reads Chinese on her phone.
    const lin = await registerUser(server, 'Lin Viewer')
    const invitation = 'Ada Owner invited you to Northwind on Templet'

    // The owner registers and creates the team on the Teams page (in the account menu).
    await page.goto('/register')
    await registerThroughForm(page, 'Ada Owner', ownerEmail)
    await expect(page.getByRole('heading', { name: 'Welcome, Ada Owner' })).toBeVisible()
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Teams' }).click()
    await expect(page).toHaveURL(/\/teams$/)
    await expect(page.getByText('You are in no team yet.')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.getByLabel('Team name').fill('Northwind')
    await page.getByRole('button', { name: 'Create team' }).click()
    await expect(page.getByRole('heading', { name: 'Northwind · Members' })).toBeVisible()

    // … moves to the team's workspace, whose balance is its own (none yet), and buys it 100 credits.
    await switchWorkspace(page, 'Ada Owner', 'Northwind', 'Owner')
    const balance = page.getByTestId('header-balance')
    await expect(balance).toHaveAccessibleName("Northwind · 0 credits, the team's balance, running low")
    await balance.click()
    await expect(page).toHaveURL(/\/pricing-plans$/)
    await page.getByRole('link', { name: 'Buy 100 credits for the team Northwind for $49.90' }).click()
    await expect(page.getByTestId('checkout-team')).toHaveText('The credits go to the team Northwind.')
    await page.getByLabel('Card number').pressSequentially(PAYS.cardNumber)
    await page.getByLabel('Expiry date').pressSequentially(PAYS.expiry.replace('/', ''))
    await page.getByLabel('Security code (CVC)').fill(PAYS.cvc)
    await page.getByRole('button', { name: 'Pay $49.90' }).click()
    await expect(page.getByTestId('checkout-new-balance')).toHaveText(
      "Northwind's balance is now 100 credits.",
    )

    // … and invites an editor (a new person) and a viewer (Lin) by mail.
    await page.goto('/teams')
    const pending = page.getByRole('region', { name: 'Pending invitations' })
    for (const [email, role] of [
      [editorEmail, 'editor'],
      [lin.email, 'viewer'],
    ] as const) {
      await page.getByLabel('Email address').fill(email)
      await page.getByLabel('Role').selectOption(role)
      await page.getByRole('button', { name: 'Send invitation' }).click()
      await expect(pending.getByText(email)).toBeVisible()
    }
    await expect(page.getByText('3 of 50 seats taken')).toBeVisible()
    await expectNoAxeViolations(page)

    // The editor opens the mailed link in their own browser, registers from the sign-in it leads to, and is in.
    const editor = await anotherPerson(page)
    await followMailLink(editor, server, editorEmail, invitation)
    await expect(editor).toHaveURL(/\/login\?redirect=%2Fjoin%3Ftoken%3D/)
    await editor.getByRole('link', { name: 'Create an account' }).click()
    await expect(editor).toHaveURL(/\/register\?redirect=%2Fjoin%3Ftoken%3D/)
    await registerThroughForm(editor, 'Grace Editor', editorEmail)
    await expect(editor.getByRole('heading', { name: 'You joined the team' })).toBeVisible()
    await expect(editor).toHaveURL(/\/join\?token=/)
    await expectNoAxeViolations(editor)
    await editor.getByRole('link', { name: 'Go to the dashboard' }).click()
    await expect(editor.getByRole('heading', { name: 'Welcome, Grace Editor' })).toBeVisible()
    await switchWorkspace(editor, 'Grace Editor', 'Northwind', 'Editor')
    const editorBalance = editor.getByTestId('header-balance')
    await expect(editorBalance).toHaveAccessibleName("Northwind · 100 credits, the team's balance")

    // Lin, signed in on her phone in Chinese, opens hers: the join page and the Teams page read in Chinese.
    const linsPhone = await anotherPerson(page, PHONE_IN_CHINESE)
    await signIn(linsPhone, lin, await mailLink(linsPhone, server, lin.email, invitation))
    await expect(linsPhone.getByRole('heading', { name: '您已加入团队' })).toBeVisible()
    await fitsTheScreen(linsPhone)
    await expectNoAxeViolations(linsPhone)
    await linsPhone.goto('/teams')
    const members = linsPhone.getByRole('region', { name: 'Northwind · 成员' })
    await expect(members.getByRole('listitem')).toHaveCount(3)
    await expect(members.getByText('Lin Viewer (您)')).toBeVisible()
    await fitsTheScreen(linsPhone)
    await expectNoAxeViolations(linsPhone)
    await linsPhone.context().close()

    // The editor customises a catalogue template in the team: renamed, its quote made lighter, saved as version 2.
    const boldQuote = await catalogueId(server, lin.token, 'bold-quote')
    await editor.goto(`/templates/${boldQuote}/edit`)
    await editor.getByRole('button', { name: 'Customise' }).click()
    await expect(editor).toHaveURL(/\/templates\/\d+\/design$/)
    await expect(editor.getByTestId('save-state')).toHaveText('Saved · version 1')
    const name = 'Northwind spring quote'
    await editor.getByLabel('Template name').fill(name)
    await editor.locator('[data-layer="quote"]').click()
    const opacity = editor.getByLabel('Opacity (%)', { exact: true })
    await opacity.fill('90')
    await opacity.press('Enter')
    await saveDesign(editor, 2)

    // It is the team's: My templates in the team lists it; the editor creates from it on the team's credits.
    await editor.getByRole('link', { name: 'My templates' }).first().click()
    const mine = editor.getByTestId('my-templates').getByRole('listitem').filter({ hasText: name })
    await expect(mine.getByText('Version 2', { exact: false })).toBeVisible()
    await mine.getByRole('link', { name: 'Use' }).click()
    await expect(editor.getByTestId('balance')).toHaveText("Northwind's balance: 100 credits")
    await editor.getByRole('button', { name: 'Create · 1 credit' }).click()
    await expect(editor.getByRole('heading', { name: 'Your image is ready' })).toBeVisible()
    await expect(editorBalance).toHaveAccessibleName("Northwind · 99 credits, the team's balance")
    await expect(editor.getByTestId('balance')).toHaveText("Northwind's balance: 99 credits")
    // The editor's own credits are untouched.
    await switchWorkspace(editor, 'Northwind', 'Grace Editor', 'Personal')
    await expect(editorBalance).toHaveAccessibleName('5 credits, your balance')
    await editor.context().close()

    // The owner, still in the team's workspace, shares the design for review.
    await page.goto('/templates/mine')
    await expect(balance).toHaveAccessibleName("Northwind · 99 credits, the team's balance")
    await page.getByRole('button', { name: `Share for review: ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Share ${name} for review` })
    const field = dialog.getByLabel('Review link')
    await expect(field).toHaveValue(/\/review\?token=/)
    const link = new URL(await field.inputValue())
    const review = `${link.pathname}${link.search}`
    await dialog.getByRole('button', { name: 'Done' }).click()

    // A client without an account opens it on their phone, in Chinese, and comments on the canvas.
    const guest = await anotherPerson(page, PHONE_IN_CHINESE)
    await guest.goto(review)
    await expect(guest.getByRole('heading', { level: 1, name: `审阅：${name}` })).toBeVisible()
    await expect(guest.getByRole('img', { name: `${name} 的第 1 页` })).toBeVisible()
    await expect(guest.getByText('还没有评论')).toBeVisible()
    await fitsTheScreen(guest)
    await expectNoAxeViolations(guest)
    const canvas = guest.getByRole('button', { name: '在设计上添加评论', exact: false })
    const box = await canvas.boundingBox()
    if (!box) throw new Error('the design is not shown')
    // A point a quarter across and a third down.
    await canvas.click({ position: { x: box.width / 4, y: box.height / 3 } })
    await guest.getByLabel('你的名字').fill('Client Carol')
    await guest.getByRole('textbox', { name: '评论', exact: true }).fill('标志可以再大一点吗？')
    await guest.getByRole('button', { name: '发表评论' }).click()
    const pin = guest.getByRole('button', { name: 'Client Carol 的评论 1：标志可以再大一点吗？' })
    await expect(pin).toBeVisible()
    // The pin's point (its bottom tip) is where the click was on the design (the phone's page has scrolled since).
    const pinBox = await pin.boundingBox()
    const now = await canvas.boundingBox()
    if (!pinBox || !now) throw new Error('the pin or the design is not shown')
    expect(Math.abs(pinBox.x + pinBox.width / 2 - (now.x + now.width / 4))).toBeLessThan(3)
    expect(Math.abs(pinBox.y + pinBox.height - (now.y + now.height / 3))).toBeLessThan(3)
    const guestsThread = guest.getByRole('article', { name: /#1/ })
    await expect(guestsThread).toContainText('标志可以再大一点吗？')
    await expect(guestsThread.getByRole('button', { name: '解决' })).toHaveCount(0)
    await fitsTheScreen(guest)
    await expectNoAxeViolations(guest)

    // The owner opens the link in the team's workspace, sees the guest's comment and resolves it.
    await page.goto(review)
    await expect(page.getByRole('heading', { level: 1, name: `Review: ${name}` })).toBeVisible()
    const thread = page.getByRole('article', { name: /#1/ })
    await expect(thread).toContainText('标志可以再大一点吗？')
    await expect(thread).toContainText('Client Carol')
    await expect(thread).toContainText('Guest')
    await expectNoAxeViolations(page)
    await thread.getByRole('button', { name: 'Resolve' }).click()
    await expect(thread.getByText('Resolved')).toBeVisible()
    await expect(thread.getByRole('button', { name: 'Reopen' })).toBeVisible()

    // The guest, after a reload, sees it resolved.
    await guest.reload()
    await expect(guest.getByRole('article', { name: /#1/ }).getByText('已解决')).toBeVisible()
    await guest.context().close()
  })
})

test('after taking an invitation, the header offers the team without a reload', async ({ page, server }) => {
  const owner = await registerUser(server, 'Ada Owner')
  const invitee = await registerUser(server, 'Grace Invitee')
  const created = await apiAs(server, owner.token, 'POST', '/team/create', { name: 'Northwind' })
  const teamId = (created.data as { id: number }).id
  const invited = await apiAs(server, owner.token, 'POST', '/team/invite', {
    teamId,
    email: invitee.email,
    role: 'editor',
  })
  expect(invited.code, invited.msg).toBe(0)
  // The page's first read of the person's teams is sent before the join and answered after it, without the team.
  let first = true
  await page.route('**/api/team/list', async (route) => {
    if (!first) return route.continue()
    first = false
    const response = await route.fetch()
    // Read at once: the join cancels this read, and Playwright then disposes a response kept for later.
    const answer = { status: response.status(), headers: response.headers(), body: await response.body() }
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    // A read the page has cancelled takes no answer; what matters is what the page reads after it.
    await route.fulfill(answer).catch(() => undefined)
  })
  await signIn(
    page,
    invitee,
    await mailLink(page, server, invitee.email, 'Ada Owner invited you to Northwind on Templet'),
  )
  await expect(page.getByRole('heading', { name: 'You joined the team' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to the dashboard' }).click()
  await switchWorkspace(page, 'Grace Invitee', 'Northwind', 'Editor')
})
