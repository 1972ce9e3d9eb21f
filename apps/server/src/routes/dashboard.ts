import type { Dashboard } from '../services/dashboard'
import type { Handlers } from './api'

export function dashboardHandlers(dashboard: Dashboard): Pick<Handlers, 'dashboardSummary'> {
  return {
    dashboardSummary: ({ session }) => dashboard.summary(session.userId),
  }
}
