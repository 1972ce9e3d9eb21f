import '../teams/messages'
import { useQueryClient } from '@tanstack/react-query'
import { Skeleton } from '@templet/ui/skeleton'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { api } from '../api/client'
import { AuthCard } from '../auth/auth-card'
import { useHydrated } from '../forms/use-hydrated'
import { teamListQuery } from '../teams/teams-api'

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline'

type Refusal = 'missing' | 'invalid' | 'used' | 'otherAccount' | 'full' | 'failed'
type State = { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; why: Refusal }

/**
 * Why a join was refused, by the answer's code (`/team/join`, docs/product.md#teams); of the two 409s, the one
 * for a person already in as many teams as one may carries `teamsMax`.
 */
function refusal(code: number, data: unknown): Refusal {
  if (code === 403) return 'otherAccount'
  if (code === 404) return 'invalid'
  if (code === 409) return typeof data === 'object' && data !== null && 'teamsMax' in data ? 'full' : 'used'
  return 'failed'
}

/**
 * The page an invitation mail links to (`/join?token=…`), behind the guard: a visitor signs in or registers
 * first and comes back here. It takes the invitation once for the signed-in account and says how it went.
 */
export function JoinTeamPage() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  // The query is read once the page is hydrated: the server's first paint of a page has none.
  const hydrated = useHydrated()
  const [state, setState] = useState<State>({ kind: 'busy' })
  const started = useRef(false)
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!hydrated || started.current) return
    started.current = true
    const token = params.get('token') ?? ''
    if (!token) {
      setState({ kind: 'failed', why: 'missing' })
      return
    }
    api
      .call('teamJoin', { body: { token } })
      .then((result) => {
        if (result.code !== 0) return setState({ kind: 'failed', why: refusal(result.code, result.data) })
        setState({ kind: 'done' })
        // The header's workspace switcher offers the team at once, not after a reload. A read of the list sent
        // before the join (the layout's, with the page) is dropped first: a refetch joins a query's first read in
        // flight rather than replacing it, and that read answers without the team.
        const { queryKey } = teamListQuery()
        void queryClient
          .cancelQueries({ queryKey })
          .then(() => queryClient.invalidateQueries({ queryKey, refetchType: 'all' }))
      })
      .catch(() => setState({ kind: 'failed', why: 'failed' }))
  }, [hydrated, params, queryClient])

  const toApp = (
    <Link to="/dashboard" className={linkClass}>
      {t('teams.join.toApp')}
    </Link>
  )
  if (state.kind === 'busy')
    return (
      <AuthCard title={t('teams.join.title')} subtitle={t('teams.join.busy')} footer={null}>
        <div aria-busy="true" aria-live="polite">
          <Skeleton className="h-6" />
        </div>
      </AuthCard>
    )
  if (state.kind === 'done')
    return (
      <AuthCard title={t('teams.join.doneTitle')} subtitle={t('teams.join.done')} footer={toApp}>
        <p role="status" className="sr-only">
          {t('teams.join.doneTitle')}
        </p>
      </AuthCard>
    )
  return (
    <AuthCard title={t('teams.join.title')} subtitle={t('teams.join.refused')} footer={toApp}>
      <p role="alert" className="text-sm text-muted-foreground">
        {t(`teams.join.${state.why}`)}
      </p>
    </AuthCard>
  )
}
