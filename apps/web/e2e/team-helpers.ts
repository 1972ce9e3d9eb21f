import type { Page } from '@playwright/test'
import { type Account, apiAs, expect, type TempletServer } from './fixtures'
import { mailLink } from './mail'

/** Ada Owner's team Northwind, `members` invited with their roles and joined through the mailed links. */
export async function northwind(
  page: Page,
  server: TempletServer,
  owner: Account,
  members: [Account, string][],
): Promise<number> {
  const created = await apiAs(server, owner.token, 'POST', '/team/create', { name: 'Northwind' })
  const teamId = (created.data as { id: number }).id
  for (const [member, role] of members) {
    const invited = await apiAs(server, owner.token, 'POST', '/team/invite', {
      teamId,
      email: member.email,
      role,
    })
    expect(invited.code, invited.msg).toBe(0)
    const link = await mailLink(page, server, member.email, 'Ada Owner invited you to Northwind on Templet')
    const token = new URLSearchParams(link.split('?')[1]).get('token')
    expect((await apiAs(server, member.token, 'POST', '/team/join', { token })).code).toBe(0)
  }
  return teamId
}
