import { expectNoAxeViolations } from './axe'
import { apiAs, expect, grantTeamCredits, registerUser, signIn, storeSession, test } from './fixtures'
import { teamWith } from './team-helpers'

test.describe('notifications of work in a team', () => {
  test('a creation a member makes in a team is told to them with the team; opening it moves the tab there, in a new tab too', async ({
    page,
    server,
  }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const editor = await registerUser(server, 'Grace Editor')
    const teamId = await teamWith(page, server, owner, [[editor, 'editor']])
    grantTeamCredits(server, teamId, 3)
    const summary = await apiAs(server, editor.token, 'GET', '/dashboard/summary')
    const templateId = (summary.data as { startTemplateId: number }).startTemplateId
    const made = await apiAs(
      server,
      editor.token,
      'POST',
      '/creation/create',
      { templateId, values: {}, name: 'Team card' },
      { Team: String(teamId) },
    )
    expect(made.code, made.msg).toBe(0)
    const creationId = (made.data as { id: number }).id

    await signIn(page, editor, '/notifications')
    await expect(page.getByRole('button', { name: 'Workspace, Grace Editor' })).toBeVisible()
    const item = page.getByTestId('notification-list').getByRole('listitem').first()
    await expect(item).toContainText('In the team “Northwind”.')
    const open = item.getByRole('link', { name: '“Team card” is ready' })
    const href = await open.getAttribute('href')
    expect(href).toBe(`/creation/${creationId}/edit?team=${teamId}`)
    await expectNoAxeViolations(page)

    await open.click()
    await expect(page).toHaveURL(new RegExp(`/creation/${creationId}/edit$`))
    await expect(page.getByRole('button', { name: 'Workspace, Northwind' })).toBeVisible()
    // The creation is the team's: it opens only in the team's workspace.
    await expect(page.getByRole('heading', { level: 1, name: 'Team card' })).toBeVisible()

    // The link opened in a tab of its own (which starts in the person's own workspace) opens it in the team too.
    const other = await page.context().newPage()
    await other.goto(href ?? '')
    await expect(other).toHaveURL(new RegExp(`/creation/${creationId}/edit$`))
    await expect(other.getByRole('button', { name: 'Workspace, Northwind' })).toBeVisible()
    await expect(other.getByRole('heading', { level: 1, name: 'Team card' })).toBeVisible()
    await other.close()

    // The owner heard nothing of the creation, only that the team's credits run low (owners and admins buy them).
    const ownerNotes = (await apiAs(server, owner.token, 'GET', '/user/my-notification')).data as {
      type: string
      params: { team?: unknown }
    }[]
    expect(ownerNotes.map((n) => n.type)).toEqual(['credits_low', 'welcome'])
    expect(ownerNotes[0]?.params.team).toEqual({ id: teamId, name: 'Northwind' })
  })

  test('reads in Chinese on a phone', async ({ page, server }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const editor = await registerUser(server, 'Grace Editor')
    const teamId = await teamWith(page, server, owner, [[editor, 'editor']])
    grantTeamCredits(server, teamId, 1)
    const summary = await apiAs(server, editor.token, 'GET', '/dashboard/summary')
    const templateId = (summary.data as { startTemplateId: number }).startTemplateId
    await apiAs(
      server,
      editor.token,
      'POST',
      '/creation/create',
      { templateId, values: {}, name: '团队卡片' },
      { Team: String(teamId) },
    )
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/about-us')
    await storeSession(page, editor)
    await page.evaluate(() => localStorage.setItem('templet.language', 'zh-CN'))
    await page.goto('/notifications')
    const item = page.getByTestId('notification-list').getByRole('listitem').first()
    await expect(item).toContainText('团队：「Northwind」。')
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390)
    await expectNoAxeViolations(page)
  })
})
