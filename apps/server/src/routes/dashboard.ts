import { type DashboardDeps, dashboardSummary } from '../services/dashboard'
import type { Handlers } from './api'

export function dashboardHandlers(d: DashboardDeps): Pick<Handlers, 'dashboardSummary'> {
  return {
    dashboardSummary: ({ session }) => dashboardSummary(d, session.userId),
  }
}
