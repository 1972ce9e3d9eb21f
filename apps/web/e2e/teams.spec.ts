import { expectNoAxeViolations } from './axe'
import { apiAs, expect, registerUser, signIn, storeSession, test } from './fixtures'
import { mailLink } from './mail'

test.describe('the Teams page', () => {
  test('an owner creates a team, invites a colleague who joins, changes their role and removes them; axe passes', async ({
    page,
    server,
  }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const colleague = await registerUser(server, 'Grace Colleague')
    await signIn(page, owner, '/teams')
    await expect(page.getByText('You are in no team yet.')).toBeVisible()
    await expectNoAxeViolations(page)

    // The name is checked before anything is sent.
    await page.getByRole('button', { name: 'Create team' }).click()
    await expect(page.getByLabel('Team name')).toHaveAccessibleDescription('Name the team')
    await page.getByLabel('Team name').fill('Northwind')
    await page.getByRole('button', { name: 'Create team' }).click()
    await expect(page.getByRole('link', { name: 'Northwind Owner' })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('heading', { name: 'Northwind · Members' })).toBeVisible()
    await expect(page.getByText('1 of 50 seats taken')).toBeVisible()

    await page.getByLabel('Email address').fill(colleague.email)
    await page.getByLabel('Role').selectOption('viewer')
    await page.getByRole('button', { name: 'Send invitation' }).click()
    const pending = page.getByRole('region', { name: 'Pending invitations' })
    await expect(pending.getByText(colleague.email)).toBeVisible()
    await expect(page.getByText('2 of 50 seats taken')).toBeVisible()
    await expectNoAxeViolations(page)

    // The colleague takes the link in another browser.
    const link = await mailLink(
      page,
      server,
      colleague.email,
      'Ada Owner invited you to Northwind on Templet',
    )
    const other = await page.context().browser()?.newContext()
    if (!other) throw new Error('no browser')
    const theirs = await other.newPage()
    await signIn(theirs, colleague, link)
    await expect(theirs.getByRole('heading', { name: 'You joined the team' })).toBeVisible()
    await theirs.goto('/teams')
    await expect(theirs.getByRole('link', { name: 'Northwind Viewer' })).toBeVisible()
    // A viewer manages no one: no invitation form, no role to change.
    await expect(theirs.getByRole('button', { name: 'Send invitation' })).toHaveCount(0)
    await expect(theirs.getByRole('main').getByRole('combobox')).toHaveCount(0)

    await page.goto('/teams')
    await expect(pending.getByText('No invitation is waiting.')).toBeVisible()
    await page.getByLabel('Role of Grace Colleague').selectOption('editor')
    await expect(page.getByText('Grace Colleague is now Editor', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Remove Grace Colleague' }).click()
    const dialog = page.getByRole('dialog', { name: 'Remove Grace Colleague from Northwind?' })
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Remove' }).click()
    await expect(page.getByText('Grace Colleague removed', { exact: true })).toBeVisible()
    await expect(page.getByText('1 of 50 seats taken')).toBeVisible()
    const activity = page.getByRole('region', { name: 'Activity' })
    await expect(activity.getByRole('listitem').first()).toContainText('Ada Owner removed Grace Colleague')
    await expect(activity.getByText('Ada Owner changed Grace Colleague from Viewer to Editor')).toBeVisible()
    await expect(activity.getByText('Grace Colleague joined as Viewer')).toBeVisible()
    const download = page.waitForEvent('download')
    await activity.getByRole('button', { name: 'Download CSV' }).click()
    expect((await download).suggestedFilename()).toBe('northwind-activity.csv')

    // The removed colleague is refused at once.
    await theirs.reload()
    await expect(theirs.getByText('You are in no team yet.')).toBeVisible()
    await other.close()
  })

  test('the owner hands the team over and stays as an admin; the new owner deletes it', async ({
    page,
    server,
  }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const next = await registerUser(server, 'Nia Next')
    const created = await apiAs(server, owner.token, 'POST', '/team/create', { name: 'Handover' })
    const teamId = (created.data as { id: number }).id
    await apiAs(server, owner.token, 'POST', '/team/invite', { teamId, email: next.email, role: 'editor' })
    const link = await mailLink(page, server, next.email, 'Ada Owner invited you to Handover on Templet')
    const token = new URLSearchParams(link.split('?')[1]).get('token')
    expect((await apiAs(server, next.token, 'POST', '/team/join', { token })).code).toBe(0)

    await signIn(page, owner, '/teams')
    await page.getByRole('button', { name: 'Make owner: Nia Next' }).click()
    const handOver = page.getByRole('dialog', { name: 'Hand Handover over to Nia Next?' })
    await handOver.getByRole('button', { name: 'Make owner' }).click()
    await expect(page.getByText('Nia Next now owns Handover', { exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Handover Admin' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Delete team' })).toHaveCount(0)

    await signIn(page, next, '/teams')
    await page.getByRole('button', { name: 'Delete team' }).click()
    const deletion = page.getByRole('dialog', { name: 'Delete Handover?' })
    await expectNoAxeViolations(page)
    await deletion.getByRole('button', { name: 'Delete team' }).click()
    await expect(page.getByText('You are in no team yet.')).toBeVisible()
    expect((await apiAs(server, owner.token, 'GET', '/team/list')).data).toEqual([])
  })

  test('fits a phone and reads in Chinese', async ({ page, server }) => {
    const owner = await registerUser(server, 'Ada Owner')
    await apiAs(server, owner.token, 'POST', '/team/create', { name: '北风工作室' })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/about-us')
    await storeSession(page, owner)
    await page.evaluate(() => localStorage.setItem('templet.language', 'zh-CN'))
    await page.goto('/teams')
    await expect(page.getByRole('heading', { name: '北风工作室 · 成员' })).toBeVisible()
    await expect(page.getByRole('button', { name: '发送邀请' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
  })
})
