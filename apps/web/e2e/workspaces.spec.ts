import { expectNoAxeViolations } from './axe'
import {
  apiAs,
  expect,
  grantTeamCredits,
  registerUser,
  signIn,
  storeSession,
  type TempletServer,
  test,
} from './fixtures'
import { anotherPerson, teamWith } from './team-helpers'

async function templateId(server: TempletServer, token: string) {
  const summary = await apiAs(server, token, 'GET', '/dashboard/summary')
  return (summary.data as { startTemplateId: number }).startTemplateId
}

test.describe('team workspaces', () => {
  test('a member switches to the team in the header and sees its credits and creations, not their own; a reload stays there', async ({
    page,
    server,
  }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const editor = await registerUser(server, 'Grace Editor')
    const teamId = await teamWith(page, server, owner, [[editor, 'editor']])
    grantTeamCredits(server, teamId, 3)
    const start = await templateId(server, owner.token)
    const own = await apiAs(server, owner.token, 'POST', '/creation/create', {
      templateId: start,
      values: {},
      name: 'Own card',
    })
    expect(own.code, own.msg).toBe(0)

    await signIn(page, owner)
    await expect(page.getByTestId('credits')).toHaveText('4')
    await page.getByRole('button', { name: 'Workspace, Ada Owner' }).click()
    const menu = page.getByRole('menu')
    await expect(menu.getByRole('menuitemradio', { name: 'Ada Owner, Personal' })).toBeChecked()
    await expectNoAxeViolations(page)
    await menu.getByRole('menuitemradio', { name: 'Northwind, Owner' }).click()
    await expect(page.getByRole('button', { name: 'Workspace, Northwind' })).toBeVisible()
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByTestId('credits')).toHaveText('3')
    await expect(page.getByTestId('latest-creations').getByRole('link')).toHaveCount(0)

    // A colleague creates in the team; a reload keeps this tab in the team.
    const made = await apiAs(
      server,
      editor.token,
      'POST',
      '/creation/create',
      { templateId: start, values: {}, name: 'Team card' },
      { Team: String(teamId) },
    )
    expect(made.code, made.msg).toBe(0)
    await page.reload()
    await expect(page.getByRole('button', { name: 'Workspace, Northwind' })).toBeVisible()
    await expect(page.getByTestId('credits')).toHaveText('2')
    await page.goto('/creation')
    await expect(page.getByRole('main').getByText('Team card')).toBeVisible()
    await expect(page.getByRole('main').getByText('Own card')).toHaveCount(0)
    // The fill-in editor shows the balance a creation here spends: the team's.
    await page.goto(`/templates/${start}/edit`)
    await expect(page.getByTestId('balance')).toHaveText("Northwind's balance: 2 credits")

    await page.getByRole('button', { name: 'Workspace, Northwind' }).click()
    await page.getByRole('menuitemradio', { name: 'Ada Owner, Personal' }).click()
    await expect(page.getByTestId('credits')).toHaveText('4')
    await page.goto('/creation')
    await expect(page.getByRole('main').getByText('Own card')).toBeVisible()
    await expect(page.getByRole('main').getByText('Team card')).toHaveCount(0)
  })

  test('a member removed from the team is back in their own workspace at the next load', async ({
    page,
    server,
  }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const viewer = await registerUser(server, 'Grace Viewer')
    const teamId = await teamWith(page, server, owner, [[viewer, 'viewer']])
    await signIn(page, viewer)
    await page.getByRole('button', { name: 'Workspace, Grace Viewer' }).click()
    await page.getByRole('menuitemradio', { name: 'Northwind, Viewer' }).click()
    await expect(page.getByTestId('credits')).toHaveText('0')

    const removed = await apiAs(server, owner.token, 'POST', '/team/remove', {
      teamId,
      userId: viewer.id,
    })
    expect(removed.code, removed.msg).toBe(0)
    await page.reload()
    await expect(page.getByTestId('credits')).toHaveText('5')
    await expect(page.getByRole('button', { name: /^Workspace, / })).toHaveCount(0)
  })

  test('a page loaded with ?team= opens in that team, and /teams shows it selected, over a sign-in too', async ({
    page,
    server,
  }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const editor = await registerUser(server, 'Grace Editor')
    await teamWith(page, server, owner, [[editor, 'editor']], 'Acme')
    const teamId = await teamWith(page, server, owner, [[editor, 'viewer']], 'Northwind')
    await signIn(page, editor)
    await expect(page.getByRole('button', { name: 'Workspace, Grace Editor' })).toBeVisible()

    // Northwind is the second of the list: selected because the address names it.
    await page.goto(`/teams?team=${teamId}`)
    await expect(page.getByRole('button', { name: 'Workspace, Northwind' })).toBeVisible()
    const list = page.getByRole('main').getByRole('list').first()
    await expect(list.getByRole('link', { name: /Northwind/ })).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('heading', { name: 'Northwind · Members' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Workspace, Northwind' })).toBeVisible()
    await expect(list.getByRole('link', { name: /Northwind/ })).toHaveAttribute('aria-current', 'page')
    await page.goto('/dashboard')
    await expect(page.getByRole('button', { name: 'Workspace, Northwind' })).toBeVisible()
    await expect(page.getByTestId('credits')).toHaveText('0')

    // Signed out, the same link goes through the sign-in and still opens in the team.
    const tab = await anotherPerson(page)
    await tab.goto(`/teams?team=${teamId}`)
    await tab.getByLabel('Email').fill(editor.email)
    await tab.getByLabel('Password', { exact: true }).fill(editor.password)
    await tab.getByRole('button', { name: 'Sign in' }).click()
    await expect(tab).toHaveURL(/\/teams$/)
    await expect(tab.getByRole('button', { name: 'Workspace, Northwind' })).toBeVisible()
    const tabList = tab.getByRole('main').getByRole('list').first()
    await expect(tabList.getByRole('link', { name: /Northwind/ })).toHaveAttribute('aria-current', 'page')
    await expectNoAxeViolations(tab)
    await tab.context().close()
  })

  test('fits a phone and reads in Chinese', async ({ page, server }) => {
    const owner = await registerUser(server, 'Ada Owner')
    await apiAs(server, owner.token, 'POST', '/team/create', { name: '北风工作室' })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/about-us')
    await storeSession(page, owner)
    await page.evaluate(() => localStorage.setItem('templet.language', 'zh-CN'))
    await page.goto('/dashboard')
    await page.getByRole('button', { name: '工作区, Ada Owner' }).click()
    await expect(page.getByRole('menuitemradio', { name: '北风工作室, 所有者' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: '管理团队' })).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
    await page.getByRole('menuitemradio', { name: '北风工作室, 所有者' }).click()
    await expect(page.getByRole('button', { name: '工作区, 北风工作室' })).toBeVisible()
    await page.screenshot({ path: 'test-results/workspace-phone-zh.png' })
  })
})
