import type { AccountMail } from '../accounts/account-mail'
import type { SharedDeps } from '../shared-deps'
import { teamHandlers } from './team.routes'
import { Teams } from './teams'

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
  return { teams, handlers: teamHandlers(teams) }
}
