import type { Offers } from '../billing/offers'
import type { Subscriptions } from '../billing/subscriptions'
import type { Creations } from '../creations/creations'
import type { SharedDeps } from '../shared-deps'
import { Dashboard } from './dashboard'
import { dashboardHandlers } from './dashboard.routes'

/** The dashboard feature: the signed-in home's summary (recent creations, credits, plan) and its `/api` handler. */
export function dashboardFeature(
  s: SharedDeps,
  d: { creations: Creations; subscriptions: Subscriptions; offers: Offers },
) {
  return { handlers: dashboardHandlers(new Dashboard({ db: s.db.kysely, ...d })) }
}
