import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { teamBuyers, teamOfWorkspace } from '../teams/teams.queries'

/** Whom a notification about work in a workspace goes to, and the team it was in (absent: their own). */
export interface WorkRecipient {
  userId: number
  team?: { id: number; name: string }
}

/**
 * Who hears that work in `workspaceId` finished (a creation stored, a batch done): in a person's own workspace,
 * that person; in a team's, the member who started it (`startedBy`) while they are still a member, else the
 * team's owner (a `/v1` key's batch whose maker is not known, or a member who has left since). Undefined for a
 * team without an owner (being deleted): no one is told.
 */
export async function workRecipient(
  db: Kysely<Database>,
  workspaceId: number,
  startedBy: number | null,
): Promise<WorkRecipient | undefined> {
  // A person working in their own workspace: no team to look for.
  if (startedBy === workspaceId) return { userId: workspaceId }
  const team = await teamOfWorkspace(db, workspaceId, startedBy)
  if (!team) return { userId: workspaceId }
  const userId = team.member_id ?? team.owner_id
  if (userId === null || userId === undefined) return undefined
  return { userId: Number(userId), team: { id: Number(team.id), name: team.name } }
}

/**
 * Who hears of the credits and plan of `workspaceId`: the person whose own workspace it is, or each owner and admin
 * of the team whose workspace it is (those who buy for it), naming the team; never the team's own row, which no
 * one reads. Read in the caller's transaction, the event's own.
 */
export async function billingRecipients(db: Kysely<Database>, workspaceId: number): Promise<WorkRecipient[]> {
  const buyers = await teamBuyers(db, workspaceId)
  if (buyers.length === 0) return [{ userId: workspaceId }]
  return buyers.flatMap((b) =>
    b.user_id === null ? [] : [{ userId: Number(b.user_id), team: { id: Number(b.id), name: b.name } }],
  )
}
