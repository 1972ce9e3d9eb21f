import type { TeamAuditAction } from '@templet/api/contract'
import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../../db/connection'
import { workspaceEmail } from '../../db/migrations/0240_team_workspaces'
import type { Database, TeamAuditTable, TeamInvitationTable, TeamRoleName } from '../../db/schema'

type Q = Kysely<Database>

/**
 * Holds `teamId`'s row until the transaction ends (PostgreSQL; SQLite runs one write transaction at a time, which
 * this write begins): the checks of its seats and members and the change they allow happen as one.
 */
export async function lockTeam(trx: Q, teamId: number): Promise<void> {
  if (isPostgres(trx))
    await trx.selectFrom('teams').select('id').where('id', '=', teamId).forUpdate().execute()
  else await sql`update teams set id = id where id = ${teamId}`.execute(trx)
}

/** Creates a team owned by `ownerId`, with its workspace (ADR 0206), in the caller's transaction. */
export async function insertTeam(db: Q, name: string, ownerId: number, now: number): Promise<number> {
  const { id } = await db
    .insertInto('teams')
    .values({ name, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  const workspace = await db
    .insertInto('users')
    .values({ email: workspaceEmail(Number(id)), name, password_hash: '', created_at: now, kind: 'team' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.updateTable('teams').set({ workspace_id: workspace.id }).where('id', '=', id).execute()
  await db
    .insertInto('team_members')
    .values({ team_id: id, user_id: ownerId, role: 'owner', created_at: now })
    .execute()
  return Number(id)
}

/** The teams `userId` belongs to, by name, with their role. */
export function teamsOf(db: Q, userId: number) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .select(['t.id', 't.name', 'm.role', 't.approved_only'])
    .where('m.user_id', '=', userId)
    .orderBy('t.name')
    .orderBy('t.id')
    .execute()
}

export async function countTeamsOf(db: Q, userId: number): Promise<number> {
  const row = await db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** `userId`'s membership of `teamId` with the team's name, or undefined when they are not in it. */
export function membership(db: Q, teamId: number, userId: number) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .select(['t.id', 't.name', 't.workspace_id', 'm.role'])
    .where('m.team_id', '=', teamId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst()
}

/**
 * The team whose workspace is `workspaceId` (undefined for a person's own), with `memberId` when they are one of
 * its members, and its owner: whom work done in the workspace is told to.
 */
export function teamOfWorkspace(db: Q, workspaceId: number, memberId: number | null) {
  return db
    .selectFrom('teams as t')
    .select((eb) => [
      't.id',
      't.name',
      eb
        .selectFrom('team_members as m')
        .select('m.user_id')
        .whereRef('m.team_id', '=', 't.id')
        .where('m.user_id', '=', memberId ?? 0)
        .as('member_id'),
      eb
        .selectFrom('team_members as o')
        .select('o.user_id')
        .whereRef('o.team_id', '=', 't.id')
        .where('o.role', '=', 'owner')
        .limit(1)
        .as('owner_id'),
    ])
    .where('t.workspace_id', '=', workspaceId)
    .executeTakeFirst()
}

/**
 * The team whose workspace is `workspaceId` (no row for a person's own), once for each of its owner and admins, the
 * owner first (one row with a null `user_id` when it has none: a team being deleted).
 */
export function teamBuyers(db: Q, workspaceId: number) {
  return db
    .selectFrom('teams as t')
    .leftJoin('team_members as m', (j) =>
      j.onRef('m.team_id', '=', 't.id').on('m.role', 'in', ['owner', 'admin']),
    )
    .select(['t.id', 't.name', 'm.user_id'])
    .where('t.workspace_id', '=', workspaceId)
    .orderBy(sql`case when m.role = 'owner' then 0 else 1 end`)
    .orderBy('m.user_id')
    .execute()
}

/** The members of `teamId`: the owner first, then by name. */
export function membersOf(db: Q, teamId: number) {
  return db
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id as user_id', 'u.name', 'u.email', 'm.role', 'm.created_at'])
    .where('m.team_id', '=', teamId)
    .orderBy(sql`case when m.role = 'owner' then 0 else 1 end`)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute()
}

const pending = (db: Q, teamId: number, now: number) =>
  db
    .selectFrom('team_invitations')
    .where('team_id', '=', teamId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)

/** The invitations of `teamId` not yet taken, revoked or expired, the newest first. */
export function pendingInvitations(db: Q, teamId: number, now: number) {
  return pending(db, teamId, now)
    .select(['id', 'email', 'role', 'expires_at'])
    .orderBy('id', 'desc')
    .execute()
}

/** Members and pending invitations of `teamId` together. */
export async function seatsTaken(db: Q, teamId: number, now: number): Promise<number> {
  const [members, invited] = await Promise.all([
    db
      .selectFrom('team_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team_id', '=', teamId)
      .executeTakeFirstOrThrow(),
    pending(db, teamId, now)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return Number(members.n) + Number(invited.n)
}

/** Whether an account with `email` is a member of `teamId`. */
export async function isMemberByEmail(db: Q, teamId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.id')
    .where('m.team_id', '=', teamId)
    .where('u.email', '=', email)
    .executeTakeFirst()
  return row !== undefined
}

/** Revokes the pending invitations of `teamId` to `email` (a new one replaces them). */
export async function revokeInvitationsTo(db: Q, teamId: number, email: string, now: number) {
  await db
    .updateTable('team_invitations')
    .set({ revoked_at: now })
    .where('team_id', '=', teamId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute()
}

export async function insertInvitation(
  db: Q,
  row: {
    teamId: number
    email: string
    role: TeamInvitationTable['role']
    tokenHash: string
    invitedBy: number
    now: number
    expiresAt: number
  },
): Promise<number> {
  const { id } = await db
    .insertInto('team_invitations')
    .values({
      team_id: row.teamId,
      email: row.email,
      role: row.role,
      token_hash: row.tokenHash,
      invited_by: row.invitedBy,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(id)
}

/** Revokes one pending invitation of `teamId`: its address and role, or undefined when there was none. */
export function revokeInvitation(db: Q, teamId: number, id: number, now: number) {
  return db
    .updateTable('team_invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('team_id', '=', teamId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning(['email', 'role'])
    .executeTakeFirst()
}

export function invitationByTokenHash(db: Q, tokenHash: string) {
  return db.selectFrom('team_invitations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

/**
 * Marks invitation `id` taken if it still is pending: the one write that decides which of two parallel joins
 * with one link wins. Whether this call took it.
 */
export async function takeInvitation(db: Q, id: number, now: number): Promise<boolean> {
  const r = await db
    .updateTable('team_invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

export async function insertMember(db: Q, teamId: number, userId: number, role: TeamRoleName, now: number) {
  await db
    .insertInto('team_members')
    .values({ team_id: teamId, user_id: userId, role, created_at: now })
    .execute()
}

/** Sets whether `teamId`'s creations draw only approved versions; whether that changed it. */
export async function setApprovedOnly(db: Q, teamId: number, approvedOnly: boolean): Promise<boolean> {
  const r = await db
    .updateTable('teams')
    .set({ approved_only: approvedOnly ? 1 : 0 })
    .where('id', '=', teamId)
    .where('approved_only', '!=', approvedOnly ? 1 : 0)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

export async function updateMemberRole(db: Q, teamId: number, userId: number, role: TeamRoleName) {
  await db
    .updateTable('team_members')
    .set({ role })
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute()
}

export async function deleteMember(db: Q, teamId: number, userId: number) {
  await db.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).execute()
}

/** The names of the teams `userId` owns that have other members. */
export async function ownedTeamsWithOthers(db: Q, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('team_members as m')
    .innerJoin('teams as t', 't.id', 'm.team_id')
    .select('t.name')
    .where('m.user_id', '=', userId)
    .where('m.role', '=', 'owner')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('team_members as o')
          .select('o.user_id')
          .whereRef('o.team_id', '=', 'm.team_id')
          .where('o.user_id', '!=', userId),
      ),
    )
    .orderBy('t.name')
    .execute()
  return rows.map((r) => r.name)
}

/**
 * Deletes `teamId` with its members' places, its invitations and its activity; its workspace is handed to the
 * account purge, which removes what the team made and its files as it does an account's.
 */
export async function deleteTeam(db: Q, teamId: number, now: number) {
  const team = await db.selectFrom('teams').select('workspace_id').where('id', '=', teamId).executeTakeFirst()
  if (team?.workspace_id != null)
    await db.updateTable('users').set({ delete_after: now }).where('id', '=', team.workspace_id).execute()
  await db.deleteFrom('team_audit').where('team_id', '=', teamId).execute()
  await db.deleteFrom('team_invitations').where('team_id', '=', teamId).execute()
  await db.deleteFrom('team_members').where('team_id', '=', teamId).execute()
  await db.deleteFrom('teams').where('id', '=', teamId).execute()
}

export type AuditRow = Omit<TeamAuditTable, 'id' | 'created_at'>

export async function insertAudit(db: Q, row: AuditRow, now: number) {
  await db
    .insertInto('team_audit')
    .values({ ...row, created_at: now })
    .execute()
}

/** What the activity keeps of a team's payments and plan, written by the transaction that made the change. */
export type TeamBillingAction = Extract<
  TeamAuditAction,
  | 'billing.paid'
  | 'subscription.canceled'
  | 'subscription.resumed'
  | 'subscription.renewed'
  | 'subscription.payment_failed'
  | 'subscription.ended'
>

/**
 * Writes a change of payments or plan into the activity of the team whose workspace is `workspaceId` (nothing for
 * a person's own), in the caller's transaction: the one whose conditional update made the change, so it is written
 * once however often, and from however many processes, the change is asked for.
 */
export async function recordTeamBilling(
  db: Q,
  p: {
    workspaceId: number
    actorId: number | null
    action: TeamBillingAction
    detail: string | null
    now: number
  },
): Promise<void> {
  await db
    .insertInto('team_audit')
    .columns(['team_id', 'actor_id', 'action', 'detail', 'created_at'])
    .expression((eb) =>
      eb
        .selectFrom('teams')
        .select([
          'id',
          sql<number | null>`cast(${p.actorId} as bigint)`.as('actor_id'),
          sql<string>`cast(${p.action} as text)`.as('action'),
          sql<string | null>`cast(${p.detail} as text)`.as('detail'),
          sql<number>`cast(${p.now} as bigint)`.as('created_at'),
        ])
        .where('workspace_id', '=', p.workspaceId),
    )
    .execute()
}

/** `teamId`'s activity, the newest first, with the names and addresses of who did it and whom it concerned. */
export function auditOf(db: Q, teamId: number, page?: { limit: number; offset: number }) {
  let q = db
    .selectFrom('team_audit as a')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .leftJoin('users as subject', 'subject.id', 'a.subject_id')
    .select([
      'a.id',
      'a.action',
      'a.actor_id',
      'actor.name as actor_name',
      'actor.email as actor_email',
      'a.subject_id',
      'subject.name as subject_name',
      'subject.email as subject_email',
      'a.email',
      'a.role',
      'a.from_role',
      'a.detail',
      'a.created_at',
    ])
    .where('a.team_id', '=', teamId)
    .orderBy('a.id', 'desc')
  if (page) q = q.limit(page.limit).offset(page.offset)
  return q.execute()
}

export async function countAudit(db: Q, teamId: number): Promise<number> {
  const row = await db
    .selectFrom('team_audit')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
