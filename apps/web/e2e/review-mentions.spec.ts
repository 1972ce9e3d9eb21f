import { expectNoAxeViolations } from './axe'
import { apiAs, expect, registerUser, signIn, test } from './fixtures'
import { teamWith } from './team-helpers'

test.describe('@mentions in review comments', () => {
  test('a member mentions another from the list @ offers; they see it in the bell, follow it into the team and find the comment; a guest sees no one marked', async ({
    page,
    server,
    browser,
  }) => {
    const owner = await registerUser(server, 'Ada Owner')
    const editor = await registerUser(server, 'Grace Editor')
    const viewer = await registerUser(server, 'Vera Viewer')
    const teamId = await teamWith(page, server, owner, [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ])
    const inTeam = { Team: String(teamId) }
    const catalogue = await apiAs(server, editor.token, 'GET', '/template/list')
    const made = await apiAs(
      server,
      editor.token,
      'POST',
      '/template/duplicate',
      { id: (catalogue.data as { id: number }[])[0]?.id },
      inTeam,
    )
    const templateId = (made.data as { id: number }).id
    const name = (
      (await apiAs(server, editor.token, 'GET', `/template/detail?id=${templateId}`, undefined, inTeam))
        .data as { name: string }
    ).name
    const shared = await apiAs(server, editor.token, 'POST', '/template/share', { id: templateId }, inTeam)
    const link = new URL((shared.data as { url: string }).url)

    // The editor comments through the link, mentioning the viewer from the list.
    await signIn(page, editor, `${link.pathname}${link.search}`)
    await page.getByRole('button', { name: 'Add a comment on the design', exact: false }).press('Enter')
    const field = page.getByLabel('Comment', { exact: true })
    await expect(page.getByText('Type @ to mention a member: they are notified.')).toBeVisible()
    await field.pressSequentially('Please check the logo, @v')
    const list = page.getByRole('listbox', { name: 'Members' })
    await expect(list.getByRole('option')).toHaveText(['Vera Viewer'])
    await expect(field).toHaveAttribute('aria-activedescendant', /.+/)
    await expectNoAxeViolations(page)
    await field.press('Enter')
    await expect(list).toBeHidden()
    await expect(field).toHaveValue('Please check the logo, @Vera Viewer ')
    await page.getByRole('button', { name: 'Post comment' }).click()
    const thread = page.getByRole('article', { name: /#1/ })
    await expect(thread.locator('[data-slot="mention"]')).toHaveText(['@Vera Viewer'])

    // The viewer, in their own workspace, sees it in the bell and follows it.
    const other = await browser.newContext()
    const reader = await other.newPage()
    await signIn(reader, viewer)
    await expect(reader.getByRole('button', { name: 'Workspace, Vera Viewer' })).toBeVisible()
    await reader.getByRole('link', { name: 'Notifications, 2 unread' }).click()
    const item = reader.getByTestId('notification-list').getByRole('listitem').first()
    await expect(item).toContainText(`In a comment on “${name}”. In the team “Northwind”.`)
    await expectNoAxeViolations(reader)
    await item.getByRole('link', { name: 'Grace Editor mentioned you' }).click()
    await expect(reader).toHaveURL(new RegExp(`/review\\?design=${templateId}&comment=\\d+$`))
    await expect(reader.getByRole('heading', { level: 1, name: `Review: ${name}` })).toBeVisible()
    await expect(
      reader.getByRole('button', { name: 'Comment 1 by Grace Editor: Please check the logo, @Vera Viewer' }),
    ).toHaveAttribute('aria-pressed', 'true')
    await expect(reader.getByRole('article', { name: /#1/ }).locator('[data-slot="mention"]')).toHaveText([
      '@Vera Viewer',
    ])
    // A member reads it in the app, in the team: told whether the version shown is approved, and, as a viewer,
    // offered no Resolve the server would refuse.
    await expect(reader.getByRole('button', { name: 'Show or hide navigation' })).toBeVisible()
    await expect(reader.getByRole('button', { name: 'Workspace, Northwind' })).toBeVisible()
    await expect(reader.getByTestId('review-approval')).toContainText(/^Not approved · version \d+$/)
    await expect(
      reader.getByRole('article', { name: /#1/ }).getByRole('button', { name: 'Resolve' }),
    ).toHaveCount(0)
    await expectNoAxeViolations(reader)
    // The tab works in the team now, and the notification is read.
    await reader.goto('/dashboard')
    await expect(reader.getByRole('button', { name: 'Workspace, Northwind' })).toBeVisible()
    await expect(reader.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible()
    await other.close()

    // A guest with the link reads the same words, none of them marked as a member.
    const guestContext = await browser.newContext()
    const guest = await guestContext.newPage()
    await guest.goto(`${link.pathname}${link.search}`)
    const seen = guest.getByRole('article', { name: /#1/ })
    await expect(seen).toContainText('Please check the logo, @Vera Viewer')
    await expect(seen.locator('[data-slot="mention"]')).toHaveCount(0)
    // … on the public page, told nothing of the team's approvals.
    await expect(guest.getByRole('button', { name: 'Show or hide navigation' })).toHaveCount(0)
    await expect(guest.getByTestId('review-approval')).toHaveCount(0)
    await guestContext.close()
  })
})
