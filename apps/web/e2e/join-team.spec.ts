import { expectNoAxeViolations } from './axe'
import { apiAs, expect, registerUser, signIn, test } from './fixtures'
import { followMailLink, mailLink } from './mail'

test.describe('joining a team by the invitation mail', () => {
  test('a signed-out invitee signs in from the link and lands in the team; the page passes axe', async ({
    page,
    server,
  }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const created = await apiAs(server, owner.token, 'POST', '/team/create', { name: 'Northwind' })
    const teamId = (created.data as { id: number }).id
    const invitee = await registerUser(server, 'Grace Invitee')
    const invited = await apiAs(server, owner.token, 'POST', '/team/invite', {
      teamId,
      email: invitee.email,
      role: 'editor',
    })
    expect(invited.code, invited.msg).toBe(0)

    await followMailLink(page, server, invitee.email, 'Ada Owner invited you to Northwind on Templet')
    // The guard sends a visitor to sign in, and back to the link after.
    await expect(page).toHaveURL(/\/login\?redirect=%2Fjoin%3Ftoken%3D/)
    await page.getByLabel('Email').fill(invitee.email)
    await page.getByLabel('Password', { exact: true }).fill(invitee.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'You joined the team' })).toBeVisible()
    await expect(page).toHaveURL(/\/join\?token=/)
    await expectNoAxeViolations(page)

    const members = await apiAs(server, owner.token, 'GET', `/team/members?teamId=${teamId}`)
    expect((members.data as { members: { email: string; role: string }[] }).members).toContainEqual(
      expect.objectContaining({ email: invitee.email, role: 'editor' }),
    )
    // The link works once.
    await page.reload()
    await expect(page.getByRole('alert')).toHaveText(/already used, or you are already a member/)
  })

  test('another account opening the link is told to use the invited address, in Chinese too, on a phone', async ({
    page,
    server,
  }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const created = await apiAs(server, owner.token, 'POST', '/team/create', { name: 'Northwind' })
    const invited = `invited-${Date.now()}@example.com`
    await apiAs(server, owner.token, 'POST', '/team/invite', {
      teamId: (created.data as { id: number }).id,
      email: invited,
      role: 'viewer',
    })
    const link = await mailLink(page, server, invited, 'Ada Owner invited you to Northwind on Templet')

    const stranger = await registerUser(server, 'Stranger')
    await page.setViewportSize({ width: 390, height: 844 })
    await signIn(page, stranger, link)
    await expect(page.getByRole('alert')).toHaveText(/sent to another email address/)
    await expectNoAxeViolations(page)

    await page.evaluate(() => localStorage.setItem('templet.language', 'zh-CN'))
    await page.goto('/join')
    await expect(page.getByRole('heading', { name: '加入团队' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveText('此链接不完整，请从邀请邮件中重新打开。')
    await expectNoAxeViolations(page)
  })
})
