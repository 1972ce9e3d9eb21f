import { Code, type EndpointName } from '@templet/api/contract'
import { AppError } from '../../errors'
import type { AccountMail } from '../accounts/account-mail'
import type { Session } from '../accounts/sessions'
import type { SharedDeps } from '../shared-deps'
import { teamHandlers } from './team.routes'
import { Teams } from './teams'
import { teamHeader, workspaceAccess } from './workspace-access'
import { workspaceChange } from './workspace-activity'

/** The teams feature: teams, their members and roles, and the invitations mailed to join them; `/api` handlers. */
export function teamsFeature(s: SharedDeps, d: { mail: Pick<AccountMail, 'notify'> }) {
  const teams = new Teams({
    db: s.db.kysely,
    mail: d.mail,
    now: s.now,
    publicUrl: s.config.billing.publicUrl,
    limiter: s.limiter,
    inviteLimit: s.config.rateLimits.teamInvite,
  })
  /** The session an `/api` endpoint acts with under a `Team` header (ADR 0206). */
  async function workspace(session: Session, endpoint: EndpointName, header: string | undefined) {
    const access = workspaceAccess[endpoint]
    if (header === undefined || access === 'person') return session
    const teamId = teamHeader(header)
    if (teamId === undefined) throw new AppError(Code.invalidInput, "The Team header takes a team's number")
    return {
      ...session,
      userId: await teams.workspaceFor(session.userId, teamId, access),
      actorId: session.userId,
      teamId,
    }
  }
  /** Keeps in the team's activity what a member changed in its workspace (keys, billing, deletions). */
  async function recorded(
    endpoint: EndpointName,
    session: Session,
    input: { query?: unknown; body?: unknown },
    result: unknown,
  ) {
    if (session.teamId === undefined || session.actorId === undefined) return
    const change = workspaceChange(endpoint, input, result)
    if (change) await teams.recordChange(session.teamId, session.actorId, change)
  }
  return { teams, handlers: teamHandlers(teams), workspace, recorded }
}
