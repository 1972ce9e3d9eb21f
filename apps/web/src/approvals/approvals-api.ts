/**
 * Approvals in the app (docs/product.md "Approvals"): approving a version of a design or withdrawing it
 * (`POST /template/approve`), a team's rule to create only from approved versions (`POST /team/settings`), and
 * who may approve where the tab works.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TemplateApproveBody } from '@templet/api'
import { useSyncExternalStore } from 'react'
import { api, unwrap } from '../api/client'
import { currentTeam, subscribeToTeam } from '../session/workspace'
import { teamListQuery } from '../teams/teams-api'

/** What shows a design's versions and what a creation draws: read again after an approval or the rule changes. */
const APPROVAL_READS = ['templateVersions', 'templateMine', 'templateDetail']

function useInvalidate(keys: string[]) {
  const queryClient = useQueryClient()
  return () => Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [key] })))
}

/** Approves a version of one of the workspace's designs (`approved: true`) or withdraws its approval. */
export function useApproveVersion() {
  const invalidate = useInvalidate(APPROVAL_READS)
  return useMutation({
    mutationFn: async (body: TemplateApproveBody) => unwrap(await api.call('templateApprove', { body })).data,
    // The screen says what was refused where it was asked.
    onError: () => undefined,
    onSettled: invalidate,
  })
}

/** Turns a team's rule to create only from approved versions on or off (its owner and admins). */
export function useApprovedOnly(teamId: number) {
  const invalidate = useInvalidate(['teamList', 'teamAudit', ...APPROVAL_READS])
  return useMutation({
    mutationFn: async (approvedOnly: boolean) =>
      unwrap(await api.call('teamSettings', { body: { teamId, approvedOnly } })).data,
    onError: () => undefined,
    onSettled: invalidate,
  })
}

/**
 * Whether the person approves versions where this tab works: in their own workspace always (its owner), in a
 * team's as its owner or an admin (read from the team list; false until it is in).
 */
export function useMayApprove(): boolean {
  const teamId = useSyncExternalStore(subscribeToTeam, currentTeam, () => undefined)
  const teams = useQuery({ ...teamListQuery(), enabled: teamId !== undefined })
  if (teamId === undefined) return true
  const role = teams.data?.find((team) => String(team.id) === teamId)?.role
  return role === 'owner' || role === 'admin'
}
