import type { Handlers } from '../../routes/api'
import type { Teams } from './teams'

export function teamHandlers(
  teams: Teams,
): Pick<
  Handlers,
  | 'teamCreate'
  | 'teamList'
  | 'teamMembers'
  | 'teamInvite'
  | 'teamInviteRevoke'
  | 'teamJoin'
  | 'teamRole'
  | 'teamRemove'
  | 'teamTransfer'
  | 'teamDelete'
  | 'teamSettings'
  | 'teamAudit'
  | 'teamAuditCsv'
> {
  return {
    teamCreate: ({ session, body }) => teams.create(session.userId, body.name),
    teamList: async ({ session }) => {
      const items = await teams.list(session.userId)
      return { items, total: items.length }
    },
    teamMembers: ({ session, query }) => teams.members(session.userId, query.teamId),
    teamInvite: async ({ session, body }) => ({
      invitation: await teams.invite(session.userId, body.teamId, body.email, body.role),
    }),
    teamInviteRevoke: async ({ session, body }) => {
      await teams.revokeInvitation(session.userId, body.teamId, body.id)
      return {}
    },
    teamJoin: ({ session, body }) => teams.join(session.userId, body.token),
    teamRole: async ({ session, body }) => {
      await teams.setRole(session.userId, body.teamId, body.userId, body.role)
      return {}
    },
    teamRemove: async ({ session, body }) => {
      await teams.remove(session.userId, body.teamId, body.userId)
      return {}
    },
    teamTransfer: async ({ session, body }) => {
      await teams.transfer(session.userId, body.teamId, body.userId)
      return {}
    },
    teamDelete: async ({ session, body }) => {
      await teams.delete(session.userId, body.teamId)
      return {}
    },
    teamSettings: ({ session, body }) => teams.settings(session.userId, body.teamId, body.approvedOnly),
    teamAudit: ({ session, query }) => teams.audit(session.userId, query.teamId, query.page, query.pageSize),
    teamAuditCsv: ({ session, query }) => teams.auditCsv(session.userId, query.teamId),
  }
}
