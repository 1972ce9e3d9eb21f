import type { SharedDeps } from '../shared-deps'
import { ContactMessages } from './contact'
import { contactHandlers } from './contact.routes'

/** The contact feature: messages to the team, rate-limited, and their `/api` handler. */
export function contactFeature(s: SharedDeps) {
  const messages = new ContactMessages({
    db: s.db.kysely,
    limiter: s.limiter,
    limit: s.config.rateLimits.contact,
    now: s.now,
  })
  return { handlers: contactHandlers(messages) }
}
