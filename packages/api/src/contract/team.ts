import { z } from 'zod'
import { TEAM_INVITATION_DAYS, TEAM_NAME_MAX_LENGTH, TEAM_SEATS_MAX, TEAMS_PER_PERSON_MAX } from '../limits'
import { resetTokenField } from './envelope'
import { bodyId, page, pageSize, queryId } from './media-fields'
import { email, personName } from './user'

export { TEAM_INVITATION_DAYS, TEAM_NAME_MAX_LENGTH, TEAM_SEATS_MAX, TEAMS_PER_PERSON_MAX }

/**
 * A person's part in a team: `owner` (everything, one per team), `admin` (members and billing), `editor` (design,
 * create, spend) and `viewer` (see and download). Who may change what is in docs/product.md, "Teams".
 */
export const teamRoles = ['owner', 'admin', 'editor', 'viewer'] as const
export type TeamRole = (typeof teamRoles)[number]
/** The roles an invitation or a change of role may give: the owner is the team's creator alone. */
export const memberRole = z.enum(['admin', 'editor', 'viewer'], {
  error: 'role must be admin, editor or viewer',
})
export type MemberRole = z.infer<typeof memberRole>

export const teamName = personName(TEAM_NAME_MAX_LENGTH, 'Name the team')

/** `POST /team/create`: a new team, its creator its owner. */
export const teamCreateBody = z.strictObject({ name: teamName })
export const team = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  /** The caller's role in it. */
  role: z.enum(teamRoles),
  /**
   * Its creations draw only approved versions of its designs (set by its owner and admins, docs/product.md
   * "Approvals"); false by default.
   */
  approvedOnly: z.boolean(),
})
export type Team = z.infer<typeof team>
export const teamCreateData = team.extend({ ...resetTokenField })
export const teamListData = z.array(team)

export const teamMembersQuery = z.strictObject({ teamId: queryId('teamId') })
export const teamMember = z.object({
  userId: z.number().int().positive(),
  name: z.string(),
  email: z.string(),
  role: z.enum(teamRoles),
  joinedAt: z.iso.datetime(),
})
export type TeamMember = z.infer<typeof teamMember>
/** An invitation not yet taken, revoked or expired. */
export const teamInvitation = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  role: memberRole,
  expiresAt: z.iso.datetime(),
})
export type TeamInvitation = z.infer<typeof teamInvitation>
export const teamMembersData = z.object({
  /** The owner first, then by name. */
  members: z.array(teamMember),
  /** Pending invitations, the newest first (members with the role to invite see them; others get none). */
  invitations: z.array(teamInvitation),
  /** Members and pending invitations together, against `seatsMax`. */
  seats: z.number().int().nonnegative(),
  seatsMax: z.number().int().positive(),
  ...resetTokenField,
})
export type TeamMembers = z.infer<typeof teamMembersData>

/** `POST /team/invite`: mails `email` a single-use link that joins the team with `role`. */
export const teamInviteBody = z.strictObject({ teamId: bodyId('teamId'), email, role: memberRole })
export const teamInviteData = z.object({ invitation: teamInvitation, ...resetTokenField })
export const teamInviteRevokeBody = z.strictObject({ teamId: bodyId('teamId'), id: bodyId('id') })

/** `POST /team/join`: the token of an invitation's link (`/join?token=…`). */
export const teamJoinBody = z.strictObject({
  token: z
    .string({ error: 'token: open the link from the invitation mail' })
    .min(1, { error: 'token: open the link from the invitation mail' })
    .max(200, { error: 'token: this is not an invitation link' }),
})
export const teamJoinData = z.object({ teamId: z.number().int().positive(), ...resetTokenField })

export const teamRoleBody = z.strictObject({
  teamId: bodyId('teamId'),
  userId: bodyId('userId'),
  role: memberRole,
})
export const teamRemoveBody = z.strictObject({ teamId: bodyId('teamId'), userId: bodyId('userId') })

/** `POST /team/transfer`: the owner hands the team to a member, and stays in it as an admin. */
export const teamTransferBody = z.strictObject({ teamId: bodyId('teamId'), userId: bodyId('userId') })
/** `POST /team/delete`: the owner deletes the team, its members' places and its invitations. */
export const teamDeleteBody = z.strictObject({ teamId: bodyId('teamId') })

/** `POST /team/settings`: the team's settings (its owner and admins); the answer is the team as listed. */
export const teamSettingsBody = z.strictObject({
  teamId: bodyId('teamId'),
  /** Creations in the team draw only approved versions of its designs. */
  approvedOnly: z.boolean({ error: 'approvedOnly must be true or false' }),
})
export type TeamSettingsBody = z.input<typeof teamSettingsBody>
export const teamSettingsData = team.extend({ ...resetTokenField })

/** What an entry of a team's activity records (who did it is `actor`, whom it concerned `subject`). */
export const teamAuditActions = [
  'team.created',
  'team.transferred',
  'member.invited',
  'member.joined',
  'member.role',
  'member.removed',
  'member.left',
  'invitation.revoked',
  // What members did in the team's workspace (ADR 0206), `detail` saying what it was about.
  'key.created',
  'key.revoked',
  'billing.paid',
  'billing.details',
  'subscription.canceled',
  'subscription.resumed',
  'subscription.switched',
  // A team's plan as the payment provider or the renewal scheduler changed it: no member did it, so no `actor`.
  'subscription.renewed',
  'subscription.payment_failed',
  'subscription.ended',
  'template.deleted',
  'creation.deleted',
  'upload.deleted',
  // Approvals (docs/product.md "Approvals"): `detail` names the design and its version.
  'version.approved',
  'version.withdrawn',
  'team.approvals_required',
  'team.approvals_optional',
] as const
export type TeamAuditAction = (typeof teamAuditActions)[number]

/** `GET /team/audit`: a page of the team's activity, the newest first (its owner and admins). */
export const teamAuditQuery = z.strictObject({ teamId: queryId('teamId'), page, pageSize })
const auditPerson = z
  .object({ userId: z.number().int().positive(), name: z.string(), email: z.string() })
  .nullable()
export const teamAuditEntry = z.object({
  id: z.number().int().positive(),
  action: z.enum(teamAuditActions),
  /**
   * Who did it; null once their account is gone, and for what no member did (a renewal, a renewal that could not be
   * charged, a plan's end).
   */
  actor: auditPerson,
  /** The member it concerned, if any; null for an invitation (see `email`) or once their account is gone. */
  subject: auditPerson,
  /** The address of an invitation. */
  email: z.string().nullable(),
  /** The role given (invited, joined, changed to). */
  role: z.enum(teamRoles).nullable(),
  /** The role before a change. */
  fromRole: z.enum(teamRoles).nullable(),
  /** What a change in the workspace was about: a key's name, an offer, the number of what was deleted. */
  detail: z.string().nullable(),
  at: z.iso.datetime(),
})
export type TeamAuditEntry = z.infer<typeof teamAuditEntry>
export const teamAuditData = z.array(teamAuditEntry)

/** `GET /team/audit-csv`: the whole activity as a CSV file. */
export const teamAuditCsvQuery = z.strictObject({ teamId: queryId('teamId') })
export const teamAuditCsvData = z.object({
  /** `<team-name>-activity.csv`. */
  fileName: z.string(),
  /** UTF-8 with a byte-order mark, CRLF line ends; one row an entry, the newest first. */
  csv: z.string(),
})
