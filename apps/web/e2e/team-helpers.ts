import type { BrowserContextOptions, Page } from '@playwright/test'
import { type Account, apiAs, expect, type TempletServer } from './fixtures'
import { mailLink } from './mail'

/** `owner`'s team `name`, `members` invited with their roles and joined through the mailed links. */
export async function teamWith(
  page: Page,
  server: TempletServer,
  owner: Account,
  members: [Account, string][],
  name = 'Northwind',
): Promise<number> {
  const created = await apiAs(server, owner.token, 'POST', '/team/create', { name })
  const teamId = (created.data as { id: number }).id
  for (const [member, role] of members) {
    const invited = await apiAs(server, owner.token, 'POST', '/team/invite', {
      teamId,
      email: member.email,
      role,
    })
    expect(invited.code, invited.msg).toBe(0)
    const link = await mailLink(page, server, member.email, `${owner.name} invited you to ${name} on Templet`)
    const token = new URLSearchParams(link.split('?')[1]).get('token')
    expect((await apiAs(server, member.token, 'POST', '/team/join', { token })).code).toBe(0)
  }
  return teamId
}

/** Moves the tab from the workspace `from` to `to` (where the person is `role`) with the header's switcher. */
export async function switchWorkspace(page: Page, from: string, to: string, role: string) {
  await page.getByRole('button', { name: `Workspace, ${from}` }).click()
  await page.getByRole('menuitemradio', { name: `${to}, ${role}` }).click()
  await expect(page.getByRole('button', { name: `Workspace, ${to}` })).toBeVisible()
}

/**
 * A page in a browser context of its own (its own storage, signed in as no one): another person at their own
 * computer or phone, e.g. `{ locale: 'zh-CN', viewport: { width: 390, height: 844 } }`.
 */
export async function anotherPerson(page: Page, options: BrowserContextOptions = {}): Promise<Page> {
  const browser = page.context().browser()
  if (!browser) throw new Error('no browser')
  const context = await browser.newContext(options)
  return context.newPage()
}
