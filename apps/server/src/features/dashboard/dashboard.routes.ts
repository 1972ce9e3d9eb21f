import type { Handlers } from '../../routes/api'
import type { Dashboard } from './dashboard'

export function dashboardHandlers(dashboard: Dashboard): Pick<Handlers, 'dashboardSummary'> {
  return {
    dashboardSummary: ({ session }) => dashboard.summary(session.userId),
  }
}
