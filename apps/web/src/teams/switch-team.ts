import { queryClient } from '../api/query-client'
import { chooseTeam, currentTeam } from '../session/workspace'

/**
 * Moves the tab to `teamId`'s workspace (undefined: the person's own), if it is not there: nothing read in the
 * other one stays shown.
 */
export function switchTeam(teamId: string | undefined): void {
  if (teamId === currentTeam()) return
  chooseTeam(teamId)
  void queryClient.resetQueries()
}
