import type { Browser, Page } from '@playwright/test'
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
import { teamWith } from './team-helpers'

/** A page of its own browser context, as a second person at their own computer. */
async function pageOfAnother(browser: Browser | null) {
  const context = await browser?.newContext()
  if (!context) throw new Error('no browser')
  return context.newPage()
}

/** Moves the page's tab into the team through the header's workspace switcher. */
async function switchToTeam(page: Page, person: string, role: string) {
  await page.getByRole('button', { name: `Workspace, ${person}` }).click()
  await page.getByRole('menuitemradio', { name: `Northwind, ${role}` }).click()
  await expect(page.getByRole('button', { name: 'Workspace, Northwind' })).toBeVisible()
}

/**
 * A team with an editor, credits, and a design the editor made in it from the catalogue's first template that needs
 * no photo (version 1).
 */
async function teamWithDesign(page: Page, server: TempletServer) {
  const owner = await registerUser(server, 'Ada Owner')
  const editor = await registerUser(server, 'Grace Editor')
  const teamId = await teamWith(page, server, owner, [[editor, 'editor']])
  grantTeamCredits(server, teamId, 10)
  const inTeam = { Team: String(teamId) }
  const summary = await apiAs(server, owner.token, 'GET', '/dashboard/summary')
  const start = (summary.data as { startTemplateId: number }).startTemplateId
  const copy = await apiAs(server, editor.token, 'POST', '/template/duplicate', { id: start }, inTeam)
  expect(copy.code, copy.msg).toBe(0)
  const id = (copy.data as { id: number }).id
  const detail = await apiAs(server, editor.token, 'GET', `/template/detail?id=${id}`, undefined, inTeam)
  const name = (detail.data as { name: string }).name
  return { owner, editor, teamId, inTeam, id, name }
}

test.describe('approvals', () => {
  test('an owner approves version 1 and turns the rule on; an editor saves version 2 and creates from version 1', async ({
    page,
    server,
  }) => {
    // Two people, a design saved, the team's setting, a creation drawn: about 40 s on a quiet machine, and three
    // times that beside other work. A bound, not a budget.
    test.setTimeout(360_000)
    const { owner, editor, teamId, inTeam, id, name } = await teamWithDesign(page, server)

    // The owner approves the design's version 1 in My templates.
    await signIn(page, owner, '/templates/mine')
    await switchToTeam(page, 'Ada Owner', 'Owner')
    await page.goto('/templates/mine')
    const card = page.getByTestId('my-templates').getByRole('listitem')
    await expect(card.getByTestId('approved-badge')).toHaveCount(0)
    await card.getByRole('button', { name: `Approve version 1 of ${name}` }).click()
    await expect(page.getByText('Version 1 approved.', { exact: true })).toBeVisible()
    await expect(card.getByTestId('approved-badge')).toHaveText('Approved · version 1')
    await expect(
      card.getByRole('button', { name: `Withdraw approval of version 1 of ${name}` }),
    ).toBeVisible()
    await expectNoAxeViolations(page)

    // … and turns "Create only from approved versions" on for the team, with the keyboard.
    await page.goto(`/teams?team=${teamId}`)
    const rule = page.getByRole('switch', { name: 'Create only from approved versions' })
    await expect(rule).not.toBeChecked()
    await rule.focus()
    await page.keyboard.press('Space')
    await expect(
      page.getByText('The team now creates only from approved versions.', { exact: true }),
    ).toBeVisible()
    await expect(rule).toBeChecked()
    await expect(page.getByText('Ada Owner turned on “Create only from approved versions”')).toBeVisible()
    await expect(page.getByText(`Ada Owner approved “${name}” v1`)).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: 'test-results/approvals-teams.png', fullPage: true })

    // The editor saves version 2 (editors save freely under the rule).
    const doc = await apiAs(server, editor.token, 'GET', `/template/document?id=${id}`, undefined, inTeam)
    const saved = await apiAs(
      server,
      editor.token,
      'POST',
      '/template/save',
      { id, baseVersion: 1, name: `${name} v2`, document: (doc.data as { document: unknown }).document },
      inTeam,
    )
    expect(saved).toMatchObject({ code: 0, data: { version: 2 } })

    // The history shows which version is approved, and who may approve the one shown.
    await page.goto(`/templates/${id}/design`)
    await page.getByRole('button', { name: 'History' }).click()
    const dialog = page.getByRole('dialog', { name: 'Version history' })
    const versions = dialog.getByRole('list', { name: 'Version history' })
    await expect(
      versions.getByRole('button', { name: /^Version 1/ }).getByTestId('approved-badge'),
    ).toBeVisible()
    await expect(
      versions.getByRole('button', { name: /^Version 2/ }).getByTestId('approved-badge'),
    ).toHaveCount(0)
    await expect(dialog.getByTestId('version-approval')).toHaveText('Not approved')
    await expect(dialog.getByRole('button', { name: 'Approve version 2' })).toBeVisible()
    await versions.getByRole('button', { name: /^Version 1/ }).click()
    await expect(dialog.getByTestId('version-approval')).toHaveText(/^Approved by Ada Owner · /)
    await expect(dialog.getByRole('button', { name: 'Withdraw approval' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: 'test-results/approvals-history.png' })

    // The review page says the version shown is not the one the team's creations use.
    await page.goto(`/review?design=${id}`)
    const approval = page.getByTestId('review-approval')
    await expect(approval.getByTestId('not-approved-badge')).toHaveText('Not approved · version 2')
    await expect(approval).toContainText(
      'This team creates only from approved versions: its creations use version 1, not the version shown here.',
    )
    await expectNoAxeViolations(page)

    // The editor's creation uses version 1, which the editor is told.
    const other = await pageOfAnother(page.context().browser())
    await signIn(other, editor)
    await switchToTeam(other, 'Grace Editor', 'Editor')
    // An editor approves nothing: My templates shows the approval and offers none.
    await other.goto('/templates/mine')
    await expect(other.getByTestId('approved-badge')).toHaveText('Approved · version 1')
    await expect(other.getByRole('button', { name: /^(Approve|Withdraw)/ })).toHaveCount(0)
    await other.goto(`/templates/${id}/edit`)
    await expect(other.getByTestId('approval-note')).toHaveText(
      /^This team creates only from approved versions: this uses version 1, approved by Ada Owner on /,
    )
    await expectNoAxeViolations(other)
    await other.getByRole('button', { name: /^Create · 1 credit/ }).click()
    await expect(other.getByRole('heading', { name: 'Your image is ready' })).toBeVisible()
    const made = await apiAs(server, editor.token, 'GET', '/creation/list', undefined, inTeam)
    expect((made.data as { templateVersion: number }[]).map((c) => c.templateVersion)).toEqual([1])

    // Withdrawn, the design cannot be used to create: the editor is told to ask an admin.
    const withdrawn = await apiAs(
      server,
      owner.token,
      'POST',
      '/template/approve',
      { id, version: 1, approved: false },
      inTeam,
    )
    expect(withdrawn.code, withdrawn.msg).toBe(0)
    await other.reload()
    await expect(other.getByTestId('approval-note')).toHaveText(
      'This team creates only from approved versions, and this design has none yet. Ask the team’s owner or an admin to approve a version in its History.',
    )
    await expect(other.getByRole('button', { name: /^Create · 1 credit/ })).toBeDisabled()
    await other.context().close()
  })

  test('the rule and the approval read in Chinese on a phone', async ({ page, server }) => {
    const { owner, teamId, inTeam, id } = await teamWithDesign(page, server)
    const approved = await apiAs(
      server,
      owner.token,
      'POST',
      '/template/approve',
      { id, version: 1, approved: true },
      inTeam,
    )
    expect(approved.code, approved.msg).toBe(0)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/about-us')
    await storeSession(page, owner)
    await page.evaluate((team) => {
      localStorage.setItem('templet.language', 'zh-CN')
      sessionStorage.setItem('templet.team', team)
    }, String(teamId))
    const fits = async () =>
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)

    await page.goto(`/teams?team=${teamId}`)
    const rule = page.getByRole('switch', { name: '仅使用已批准的版本创作' })
    await rule.click()
    await expect(rule).toBeChecked()
    await expect(page.getByText('团队现在仅使用已批准的版本创作。', { exact: true })).toBeVisible()
    const box = await rule.boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390)
    await fits()
    await expectNoAxeViolations(page)

    await page.goto('/templates/mine')
    await expect(page.getByTestId('approved-badge')).toHaveText('已批准 · 第 1 版')
    await fits()
    await expectNoAxeViolations(page)

    await page.goto(`/templates/${id}/edit`)
    await expect(page.getByTestId('approval-note')).toHaveText(
      /^此团队仅使用已批准的版本创作：本次使用第 1 版，由 Ada Owner 于/,
    )
    await fits()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: 'test-results/approvals-phone-zh.png', fullPage: true })
  })
})
