import { useQuery } from '@tanstack/react-query'
import type { Team } from '@templet/api'
import { Skeleton } from '@templet/ui/skeleton'
import { Users } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { LinkButton } from '../components/link-button'
import { LoadError } from '../components/load-error'
import { currentLanguage } from '../i18n'
import { formatNumber } from '../i18n/format'
import { teamMembersQuery } from '../teams/teams-api'

/**
 * A team's seats on its plan page (ADR 0210): how many of its seats its members and pending invitations take, and
 * the way to its members on the Teams page. Every member sees the count; the invitations themselves are its owner's
 * and admins' to see, so they are counted as the seats the members leave.
 */
export function TeamSeats({ team, className }: { team: Team; className?: string }) {
  const { t } = useTranslation()
  const language = currentLanguage()
  const people = useQuery(teamMembersQuery(team.id))
  let body: React.ReactNode
  if (people.isError) body = <LoadError onRetry={() => void people.refetch()} />
  else if (!people.data) body = <Skeleton className="mt-2 h-16 w-full" />
  else {
    const { members, seats, seatsMax } = people.data
    body = (
      <>
        <p className="mt-2 text-xl font-semibold tabular-nums" data-testid="plans-seats">
          {t('whose.seats.taken', {
            seats: formatNumber(seats, language),
            max: formatNumber(seatsMax, language),
          })}
        </p>
        <ul className="mt-1 text-sm text-muted-foreground">
          <li>{t('whose.seats.members', { count: members.length })}</li>
          <li>{t('whose.seats.invitations', { count: seats - members.length })}</li>
        </ul>
        <LinkButton to={`/teams?team=${team.id}`} variant="outline" size="sm" className="mt-3">
          {t('whose.seats.manage')}
        </LinkButton>
      </>
    )
  }
  return (
    <section
      aria-labelledby="seats-heading"
      className={`min-w-0 rounded-xl border border-border p-5 ${className ?? ''}`}
    >
      <h2 id="seats-heading" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Users aria-hidden="true" className="size-4 shrink-0" />
        {t('whose.seats.title')}
      </h2>
      {body}
    </section>
  )
}
