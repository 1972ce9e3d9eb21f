import { useQuery } from '@tanstack/react-query'
import { WorkspaceSwitcher, WorkspaceSwitcherItem } from '@templet/ui/workspace-switcher'
import { Users } from 'lucide-react'
import { useEffect, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { currentTeam, subscribeToTeam } from '../session/workspace'
import { switchTeam } from './switch-team'
import { teamListQuery } from './teams-api'

const PERSONAL = 'personal'

/**
 * The header's workspace switcher (ADR 0206): the person's own workspace and their teams'. Shown once the person
 * is in a team; a team they have left or lost since sends the app back to their own.
 */
export function TeamSwitcher({ personName }: { personName: string }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const team = useSyncExternalStore(subscribeToTeam, currentTeam, () => undefined)
  const { data: teams } = useQuery(teamListQuery())
  const gone = teams !== undefined && team !== undefined && !teams.some((x) => String(x.id) === team)
  useEffect(() => {
    if (gone) switchTeam(undefined)
  }, [gone])
  if (!teams?.length) return null
  const workspaces = [
    { id: PERSONAL, name: personName, detail: t('workspace.personal') },
    ...teams.map((x) => ({ id: String(x.id), name: x.name, detail: t(`workspace.roles.${x.role}`) })),
  ]
  return (
    <WorkspaceSwitcher
      workspaces={workspaces}
      value={team ?? PERSONAL}
      label={t('workspace.label')}
      heading={t('workspace.heading')}
      onValueChange={(id) => {
        switchTeam(id === PERSONAL ? undefined : id)
        // A page of the other workspace (a creation, a template) is not in this one.
        void navigate('/dashboard')
      }}
    >
      <WorkspaceSwitcherItem asChild icon={<Users />}>
        <Link to="/teams">{t('workspace.manageTeams')}</Link>
      </WorkspaceSwitcherItem>
    </WorkspaceSwitcher>
  )
}
