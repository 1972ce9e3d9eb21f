import { expect } from 'vitest'
import type { TestServer } from './harness'
import { linkToken, type startMailbox } from './mailbox'

type Mailbox = Awaited<ReturnType<typeof startMailbox>>

/** A request's options that act in `teamId`'s workspace. */
export const inTeam = (teamId: number) => ({ headers: { Team: String(teamId) } })

/**
 * Accounts and teams for the team tests, on the server and mailbox a suite starts in `beforeAll` (hence the
 * getters): every invitation goes through the mailed link, as a person's does.
 */
export function teamHelpers(server: () => TestServer, mailbox: () => Mailbox) {
  /** A new account whose welcome mail has been taken from the mailbox. */
  const account = async (name?: string) => {
    const a = await server().signUp(name)
    await mailbox().next(a.email)
    return a
  }
  const createTeam = async (token: string, name = 'Northwind Studio', s = server()) => {
    const r = await s.call('POST', '/team/create', { token, body: { name } })
    expect(r.code, r.msg).toBe(0)
    return r.data.id as number
  }
  const members = (token: string, teamId: number) =>
    server().call('GET', '/team/members', { token, query: { teamId } })
  const invite = (token: string, teamId: number, email: string, role: string, s = server()) =>
    s.call('POST', '/team/invite', { token, body: { teamId, email, role } })
  const join = (token: string, link: string, s = server()) =>
    s.call('POST', '/team/join', { token, body: { token: link } })
  /** Invites `who` to `teamId` as `role` and has them take the mailed link. */
  const addMember = async (
    ownerToken: string,
    teamId: number,
    who: { token: string; email: string },
    role: string,
  ) => {
    const r = await invite(ownerToken, teamId, who.email, role)
    expect(r.code, r.msg).toBe(0)
    const joined = await join(who.token, linkToken(await mailbox().next(who.email)))
    expect(joined.code, joined.msg).toBe(0)
  }
  /** The id of the row that owns what `teamId` makes (its workspace). */
  const workspaceOf = async (teamId: number) =>
    Number(
      (
        await server()
          .db.kysely.selectFrom('teams')
          .select('workspace_id')
          .where('id', '=', teamId)
          .executeTakeFirstOrThrow()
      ).workspace_id,
    )
  return { account, createTeam, members, invite, join, addMember, workspaceOf }
}
