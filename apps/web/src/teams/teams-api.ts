import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { MemberRole, Team, TeamAuditEntry, TeamMembers } from '@templet/api'
import { api, unwrap } from '../api/client'
import { read } from '../api/queries'

/** The teams the caller belongs to (`GET /team/list`), by name. */
export function teamListQuery() {
  return queryOptions({
    queryKey: ['teamList'],
    queryFn: async ({ signal }): Promise<Team[]> => (await read('teamList', {}, signal)).data,
  })
}

/** A team's members and, for its owner and admins, its pending invitations. */
export function teamMembersQuery(teamId: number) {
  return queryOptions({
    queryKey: ['teamMembers', teamId],
    queryFn: async ({ signal }): Promise<TeamMembers> =>
      (await read('teamMembers', { query: { teamId } }, signal)).data,
  })
}

/** The newest `pageSize` entries of a team's activity (owner and admins), with the count of all. */
export function teamAuditQuery(teamId: number, pageSize: number) {
  return queryOptions({
    queryKey: ['teamAudit', teamId, pageSize],
    queryFn: async ({ signal }): Promise<{ items: TeamAuditEntry[]; total: number }> => {
      const r = await read('teamAudit', { query: { teamId, pageSize } }, signal)
      return { items: r.data, total: r.total ?? r.data.length }
    },
    // Showing more keeps the entries shown until the longer list is in.
    placeholderData: keepPreviousData,
  })
}

/** The team's whole activity as a CSV file. */
export async function teamAuditCsv(teamId: number) {
  return unwrap(await api.call('teamAuditCsv', { query: { teamId } })).data
}

/** A change to a team's people; afterwards its members (and the list of teams) are read again. */
function useTeamChange<V>(teamId: number, change: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: change,
    // The screen says what was refused where it was asked, in place of the generic toast.
    onError: () => undefined,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['teamMembers', teamId] }),
        queryClient.invalidateQueries({ queryKey: ['teamList'] }),
        queryClient.invalidateQueries({ queryKey: ['teamAudit', teamId] }),
      ]),
  })
}

export function useCreateTeam() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (name: string) => unwrap(await api.call('teamCreate', { body: { name } })).data,
    onError: () => undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['teamList'] }),
  })
}

export const useInvite = (teamId: number) =>
  useTeamChange(teamId, async (v: { email: string; role: MemberRole }) =>
    unwrap(await api.call('teamInvite', { body: { teamId, ...v } })),
  )

export const useRevokeInvitation = (teamId: number) =>
  useTeamChange(teamId, async (id: number) =>
    unwrap(await api.call('teamInviteRevoke', { body: { teamId, id } })),
  )

export const useSetRole = (teamId: number) =>
  useTeamChange(teamId, async (v: { userId: number; role: MemberRole }) =>
    unwrap(await api.call('teamRole', { body: { teamId, ...v } })),
  )

export const useRemoveMember = (teamId: number) =>
  useTeamChange(teamId, async (userId: number) =>
    unwrap(await api.call('teamRemove', { body: { teamId, userId } })),
  )

export const useTransferTeam = (teamId: number) =>
  useTeamChange(teamId, async (userId: number) =>
    unwrap(await api.call('teamTransfer', { body: { teamId, userId } })),
  )

export const useDeleteTeam = (teamId: number) =>
  useTeamChange(teamId, async () => unwrap(await api.call('teamDelete', { body: { teamId } })))
