import { useQuery } from '@tanstack/react-query'
import type { Team } from '@templet/api'
import { useSyncExternalStore } from 'react'
import { currentTeam, subscribeToTeam } from '../session/workspace'
import { teamListQuery } from './teams-api'

/**
 * The workspace this tab works in (ADR 0206): `teamId` set in a team's, with the team (its name and the person's
 * role) once the team list is in; neither in the person's own.
 */
export function useCurrentTeam(): { teamId: string | undefined; team: Team | undefined } {
  const teamId = useSyncExternalStore(subscribeToTeam, currentTeam, () => undefined)
  const { data: teams } = useQuery({ ...teamListQuery(), enabled: teamId !== undefined })
  return { teamId, team: teamId === undefined ? undefined : teams?.find((t) => String(t.id) === teamId) }
}

/** Whether the person buys plans and packs where they work: in their own workspace, or as a team's owner or admin. */
export function mayBuy(where: { teamId: string | undefined; team: Team | undefined }): boolean {
  if (where.teamId === undefined) return true
  return where.team?.role === 'owner' || where.team?.role === 'admin'
}

/**
 * Whether the person designs where they work, as the server asks of resolving a review's threads: in their own
 * workspace, or as a team's editor, admin or owner; false until the team list is in, so no button shows that a
 * viewer would be refused.
 */
export function mayDesign(where: { teamId: string | undefined; team: Team | undefined }): boolean {
  if (where.teamId === undefined) return true
  return where.team !== undefined && where.team.role !== 'viewer'
}
