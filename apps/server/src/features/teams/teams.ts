import {
  Code,
  type MemberRole,
  TEAM_INVITATION_DAYS,
  TEAM_SEATS_MAX,
  TEAMS_PER_PERSON_MAX,
  type Team,
  type TeamAuditAction,
  type TeamAuditEntry,
  type TeamInvitation,
  type TeamMembers,
} from '@templet/api/contract'
import type { Kysely } from 'kysely'
import type { Limit } from '../../config'
import type { Database, TeamRoleName } from '../../db/schema'
import { AppError } from '../../errors'
import { asPlainText, csvFile } from '../../services/csv'
import { fileStem } from '../../services/download-names'
import type { RateLimiter } from '../../services/rate-limit'
import type { AccountMail } from '../accounts/account-mail'
import { hashToken, newToken } from '../accounts/sessions'
import { findUserById } from '../accounts/users.queries'
import { lockUser } from '../billing/ledger.queries'
import {
  type AuditRow,
  auditOf,
  countAudit,
  countTeamsOf,
  deleteMember,
  deleteTeam,
  insertAudit,
  insertInvitation,
  insertMember,
  insertTeam,
  invitationByTokenHash,
  isMemberByEmail,
  lockTeam,
  membership,
  membersOf,
  pendingInvitations,
  revokeInvitation,
  revokeInvitationsTo,
  seatsTaken,
  setApprovedOnly,
  takeInvitation,
  teamsOf,
  updateMemberRole,
} from './teams.queries'
import { roleAllows } from './workspace-access'
import type { WorkspaceChange } from './workspace-activity'

type Q = Kysely<Database>

export interface TeamsDeps {
  db: Q
  limiter: RateLimiter
  /** Invitations one account may mail in a window: each is a mail to an address of the inviter's choosing. */
  inviteLimit: Limit
  mail: Pick<AccountMail, 'notify'>
  now: () => number
  /** Where the web app is reached: the invitation links' origin. */
  publicUrl: string
}

const DAY_MS = 24 * 60 * 60 * 1000
const iso = (ms: number) => new Date(ms).toISOString()
const forbidden = (message: string) => new AppError(Code.forbidden, message)
const teamNotFound = () => new AppError(Code.notFound, 'Team not found: you are not a member of it')
/** Who manages a team's people: its owner and admins. */
const managesPeople = (role: TeamRoleName) => role === 'owner' || role === 'admin'

/**
 * Teams and their people (docs/product.md, "Teams"): a person creates teams and owns them, invites others by
 * mail with a role, and the owner and admins change roles and remove members. Each change checks the caller's
 * role and the team's seats with the team's row held, so two changes at once cannot both pass one check; a
 * member removed is refused by the next request, since every request reads the membership afresh.
 */
export class Teams {
  constructor(private readonly d: TeamsDeps) {}

  async create(userId: number, name: string): Promise<Team> {
    const id = await this.d.db.transaction().execute(async (trx) => {
      await lockUser(trx, userId)
      await this.#roomForAnotherTeam(trx, userId)
      const id = await insertTeam(trx, name, userId, this.d.now())
      await this.#audit(trx, id, userId, 'team.created', { role: 'owner' })
      return id
    })
    return { id, name, role: 'owner', approvedOnly: false }
  }

  async list(userId: number): Promise<Team[]> {
    return (await teamsOf(this.d.db, userId)).map((t) => ({
      id: Number(t.id),
      name: t.name,
      role: t.role,
      approvedOnly: Number(t.approved_only) === 1,
    }))
  }

  /**
   * Sets whether `teamId`'s creations draw only approved versions of its designs (its owner and admins), kept in
   * its activity when it changes; the team as {@link list} gives it.
   */
  async settings(userId: number, teamId: number, approvedOnly: boolean): Promise<Team> {
    return this.d.db.transaction().execute(async (trx) => {
      await lockTeam(trx, teamId)
      const caller = await this.roleIn(teamId, userId, trx)
      if (!managesPeople(caller.role)) throw forbidden("Only the team's owner and admins change its settings")
      if (await setApprovedOnly(trx, teamId, approvedOnly))
        await this.#audit(
          trx,
          teamId,
          userId,
          approvedOnly ? 'team.approvals_required' : 'team.approvals_optional',
          {},
        )
      return { id: teamId, name: caller.name, role: caller.role, approvedOnly }
    })
  }

  /** The caller's membership of `teamId` (404 when they have none, so a team's existence is not told). */
  async roleIn(teamId: number, userId: number, db: Q = this.d.db) {
    const m = await membership(db, teamId, userId)
    if (!m) throw teamNotFound()
    return m
  }

  /**
   * The workspace `userId` acts in for an endpoint that asks `least` of a member of `teamId`: the team's row in
   * `users`. Read afresh on every request, so a member removed or demoted is refused by their next one.
   */
  async workspaceFor(userId: number, teamId: number, least: Exclude<TeamRoleName, 'owner'>): Promise<number> {
    const m = await this.roleIn(teamId, userId)
    if (!roleAllows(m.role, least))
      throw forbidden(
        `This takes the ${least} role or above in ${m.name}; yours is ${m.role}. Ask the team's owner or an admin.`,
      )
    if (m.workspace_id === null) throw teamNotFound()
    return Number(m.workspace_id)
  }

  /** Records a change a member made in `teamId`'s workspace (a payment is recorded by the checkout's completion). */
  async recordChange(teamId: number, actorId: number, change: WorkspaceChange): Promise<void> {
    await this.#audit(this.d.db, teamId, actorId, change.action, { detail: change.detail })
  }

  async members(userId: number, teamId: number): Promise<Omit<TeamMembers, 'resetToken'>> {
    const { role } = await this.roleIn(teamId, userId)
    const now = this.d.now()
    const [members, invitations, seats] = await Promise.all([
      membersOf(this.d.db, teamId),
      managesPeople(role) ? pendingInvitations(this.d.db, teamId, now) : [],
      seatsTaken(this.d.db, teamId, now),
    ])
    return {
      members: members.map((m) => ({
        userId: Number(m.user_id),
        name: m.name,
        email: m.email,
        role: m.role,
        joinedAt: iso(Number(m.created_at)),
      })),
      invitations: invitations.map((i) => ({
        id: Number(i.id),
        email: i.email,
        role: i.role,
        expiresAt: iso(Number(i.expires_at)),
      })),
      seats,
      seatsMax: TEAM_SEATS_MAX,
    }
  }

  /**
   * Mails `email` a link that joins `teamId` as `role`, replacing a pending invitation to the same address; the
   * mail leaves once the invitation is stored.
   */
  async invite(userId: number, teamId: number, email: string, role: MemberRole): Promise<TeamInvitation> {
    // Counted before anything else: a refused invitation (a member, a full team) still costs one.
    await this.d.limiter.consume(`team-invite:${userId}`, this.d.inviteLimit)
    const token = newToken()
    const now = this.d.now()
    const expiresAt = now + TEAM_INVITATION_DAYS * DAY_MS
    const { id, team } = await this.d.db.transaction().execute(async (trx) => {
      await lockTeam(trx, teamId)
      const caller = await this.roleIn(teamId, userId, trx)
      if (!managesPeople(caller.role)) throw forbidden("Only the team's owner and admins invite people")
      if (role === 'admin' && caller.role !== 'owner') throw forbidden("Only the team's owner makes admins")
      if (await isMemberByEmail(trx, teamId, email))
        throw new AppError(Code.conflict, `${email} is already a member of ${caller.name}`)
      await revokeInvitationsTo(trx, teamId, email, now)
      if ((await seatsTaken(trx, teamId, now)) >= TEAM_SEATS_MAX)
        throw new AppError(
          Code.conflict,
          `${caller.name} has all ${TEAM_SEATS_MAX} seats taken by members and pending invitations: remove a member or revoke an invitation first`,
        )
      await this.#audit(trx, teamId, userId, 'member.invited', { email, role })
      const id = await insertInvitation(trx, {
        teamId,
        email,
        role,
        tokenHash: hashToken(token),
        invitedBy: userId,
        now,
        expiresAt,
      })
      return { id, team: caller.name }
    })
    const inviter = await findUserById(this.d.db, userId)
    this.d.mail.notify(
      email,
      { locale: inviter?.locale ?? 'en' },
      {
        kind: 'team_invitation',
        inviter: inviter?.name ?? 'A Templet customer',
        team,
        role,
        link: `${this.d.publicUrl}/join?token=${token}`,
        days: TEAM_INVITATION_DAYS,
      },
    )
    return { id, email, role, expiresAt: iso(expiresAt) }
  }

  async revokeInvitation(userId: number, teamId: number, id: number): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      const caller = await this.roleIn(teamId, userId, trx)
      if (!managesPeople(caller.role)) throw forbidden("Only the team's owner and admins revoke invitations")
      const revoked = await revokeInvitation(trx, teamId, id, this.d.now())
      if (!revoked)
        throw new AppError(Code.notFound, 'Invitation not found: it was taken, revoked or never sent')
      await this.#audit(trx, teamId, userId, 'invitation.revoked', {
        email: revoked.email,
        role: revoked.role,
      })
    })
  }

  /**
   * Joins the team of the invitation whose link carries `token`, for the signed-in account it was sent to. The
   * invitation is taken by one conditional write, so of two joins with one link only one gets in.
   */
  async join(userId: number, token: string): Promise<{ teamId: number }> {
    const now = this.d.now()
    const invitation = await invitationByTokenHash(this.d.db, hashToken(token))
    if (!invitation)
      throw new AppError(Code.notFound, 'This invitation link is not valid: ask the team for a new one')
    if (invitation.revoked_at !== null)
      throw new AppError(Code.notFound, 'This invitation was revoked: ask the team for a new one')
    if (invitation.accepted_at !== null)
      throw new AppError(Code.conflict, 'This invitation link was already used')
    if (Number(invitation.expires_at) <= now)
      throw new AppError(Code.notFound, 'This invitation has expired: ask the team for a new one')
    const user = await findUserById(this.d.db, userId)
    if (!user || user.email !== invitation.email)
      throw forbidden(`This invitation was sent to ${invitation.email}: sign in with that address to join`)
    const teamId = Number(invitation.team_id)
    await this.d.db.transaction().execute(async (trx) => {
      await lockTeam(trx, teamId)
      await lockUser(trx, userId)
      if (await membership(trx, teamId, userId))
        throw new AppError(Code.conflict, 'You are already a member of this team')
      if (!(await takeInvitation(trx, Number(invitation.id), now)))
        throw new AppError(Code.conflict, 'This invitation link was already used')
      await this.#roomForAnotherTeam(trx, userId)
      await insertMember(trx, teamId, userId, invitation.role, now)
      await this.#audit(trx, teamId, userId, 'member.joined', { subject_id: userId, role: invitation.role })
    })
    return { teamId }
  }

  /** Sets a member's role: the owner any other member's; an admin an editor's or a viewer's, to editor or viewer. */
  async setRole(userId: number, teamId: number, memberId: number, role: MemberRole): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      await lockTeam(trx, teamId)
      const caller = await this.roleIn(teamId, userId, trx)
      const member = await this.#member(trx, teamId, memberId)
      if (member.role === 'owner')
        throw forbidden("The owner's role stays theirs until they hand the team over")
      if (!managesPeople(caller.role)) throw forbidden("Only the team's owner and admins change roles")
      if (caller.role === 'admin' && (member.role === 'admin' || role === 'admin'))
        throw forbidden(
          "An admin changes editors and viewers only; the team's owner makes and unmakes admins",
        )
      await updateMemberRole(trx, teamId, memberId, role)
      await this.#audit(trx, teamId, userId, 'member.role', {
        subject_id: memberId,
        role,
        from_role: member.role,
      })
    })
  }

  /**
   * Removes a member: the owner anyone else, an admin an editor or a viewer, and anyone but the owner themselves
   * (leaving). Their next request is refused.
   */
  async remove(userId: number, teamId: number, memberId: number): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      await lockTeam(trx, teamId)
      const caller = await this.roleIn(teamId, userId, trx)
      const member = await this.#member(trx, teamId, memberId)
      if (member.role === 'owner')
        throw forbidden('The owner cannot leave or be removed: hand the team over or delete it first')
      if (memberId !== userId) {
        if (!managesPeople(caller.role)) throw forbidden("Only the team's owner and admins remove members")
        if (caller.role === 'admin' && member.role === 'admin')
          throw forbidden("An admin removes editors and viewers only; the team's owner removes admins")
      }
      await deleteMember(trx, teamId, memberId)
      await this.#audit(trx, teamId, userId, memberId === userId ? 'member.left' : 'member.removed', {
        subject_id: memberId,
        role: member.role,
      })
    })
  }

  /** Hands `teamId` to member `memberId` (its owner only); the former owner stays in it as an admin. */
  async transfer(userId: number, teamId: number, memberId: number): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      await lockTeam(trx, teamId)
      const caller = await this.roleIn(teamId, userId, trx)
      if (caller.role !== 'owner') throw forbidden("Only the team's owner hands it over")
      const member = await this.#member(trx, teamId, memberId)
      if (member.role === 'owner') throw forbidden('You already own this team')
      await updateMemberRole(trx, teamId, memberId, 'owner')
      await updateMemberRole(trx, teamId, userId, 'admin')
      await this.#audit(trx, teamId, userId, 'team.transferred', { subject_id: memberId, role: 'owner' })
    })
  }

  /** Deletes `teamId` (its owner only): every member loses it at once. */
  async delete(userId: number, teamId: number): Promise<void> {
    await this.d.db.transaction().execute(async (trx) => {
      await lockTeam(trx, teamId)
      const caller = await this.roleIn(teamId, userId, trx)
      if (caller.role !== 'owner') throw forbidden("Only the team's owner deletes it")
      await deleteTeam(trx, teamId, this.d.now())
    })
  }

  /** A page of `teamId`'s activity, the newest first (its owner and admins). */
  async audit(userId: number, teamId: number, page: number, pageSize: number) {
    await this.#readsActivity(teamId, userId)
    const [rows, total] = await Promise.all([
      auditOf(this.d.db, teamId, { limit: pageSize, offset: (page - 1) * pageSize }),
      countAudit(this.d.db, teamId),
    ])
    return { items: rows.map(auditEntry), total }
  }

  /** The whole of `teamId`'s activity as a CSV file (its owner and admins). */
  async auditCsv(userId: number, teamId: number): Promise<{ fileName: string; csv: string }> {
    const team = await this.#readsActivity(teamId, userId)
    const person = (p: TeamAuditEntry['actor']) => (p ? `${p.name} <${p.email}>` : '')
    const rows = (await auditOf(this.d.db, teamId))
      .map(auditEntry)
      .map((e) =>
        [
          e.at,
          e.action,
          person(e.actor),
          person(e.subject),
          e.email ?? '',
          e.fromRole ?? '',
          e.role ?? '',
          e.detail ?? '',
        ].map(asPlainText),
      )
    const header = ['time', 'action', 'by', 'member', 'invited email', 'role before', 'role', 'detail']
    return { fileName: `${fileStem(team.name) || 'team'}-activity.csv`, csv: csvFile([header, ...rows]) }
  }

  async #readsActivity(teamId: number, userId: number) {
    const caller = await this.roleIn(teamId, userId)
    if (!managesPeople(caller.role)) throw forbidden("Only the team's owner and admins see its activity")
    return caller
  }

  async #audit(
    db: Q,
    teamId: number,
    actorId: number,
    action: TeamAuditAction,
    fields: Partial<Pick<AuditRow, 'subject_id' | 'email' | 'role' | 'from_role' | 'detail'>>,
  ) {
    await insertAudit(
      db,
      {
        team_id: teamId,
        actor_id: actorId,
        action,
        subject_id: null,
        email: null,
        role: null,
        from_role: null,
        detail: null,
        ...fields,
      },
      this.d.now(),
    )
  }

  async #member(db: Q, teamId: number, memberId: number) {
    const m = await membership(db, teamId, memberId)
    if (!m) throw new AppError(Code.notFound, 'Member not found: they are not in this team')
    return m
  }

  async #roomForAnotherTeam(db: Q, userId: number) {
    if ((await countTeamsOf(db, userId)) >= TEAMS_PER_PERSON_MAX)
      throw new AppError(
        Code.conflict,
        `You belong to ${TEAMS_PER_PERSON_MAX} teams, the most one person may: leave one first`,
        { teamsMax: TEAMS_PER_PERSON_MAX },
      )
  }
}

type AuditRowOut = Awaited<ReturnType<typeof auditOf>>[number]

/** An activity row as the API gives it. */
function auditEntry(r: AuditRowOut): TeamAuditEntry {
  const person = (id: number | null, name: string | null, email: string | null) =>
    id !== null && name !== null && email !== null ? { userId: Number(id), name, email } : null
  return {
    id: Number(r.id),
    action: r.action as TeamAuditAction,
    actor: person(r.actor_id, r.actor_name, r.actor_email),
    subject: person(r.subject_id, r.subject_name, r.subject_email),
    email: r.email,
    role: r.role,
    fromRole: r.from_role,
    detail: r.detail,
    at: iso(Number(r.created_at)),
  }
}
