import '../teams/messages'
import '../approvals/messages'
import { useQuery } from '@tanstack/react-query'
import type { MemberRole, Team, TeamAuditEntry, TeamMember, TeamRole } from '@templet/api'
import { TEAM_NAME_MAX_LENGTH } from '@templet/api/limits'
import { Badge } from '@templet/ui/badge'
import { Button } from '@templet/ui/button'
import { Switch } from '@templet/ui/switch'
import { Users } from 'lucide-react'
import { type FormEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { ApiFailureError } from '../api/client'
import { myInfoQuery } from '../api/queries'
import { useApprovedOnly } from '../approvals/approvals-api'
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog'
import { EmptyState } from '../components/empty-state'
import { EmailField, TextField } from '../components/field'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { RowsSkeleton } from '../components/rows-skeleton'
import { saveFile } from '../components/save-file'
import { notifySuccess, reportError } from '../feedback/notify'
import { formatDate } from '../i18n/format'
import { useCurrentTeam } from '../teams/current-team'
import {
  teamAuditCsv,
  teamAuditQuery,
  teamListQuery,
  teamMembersQuery,
  useCreateTeam,
  useDeleteTeam,
  useInvite,
  useRemoveMember,
  useRevokeInvitation,
  useSetRole,
  useTransferTeam,
} from '../teams/teams-api'

/** A change that asks first: the dialog's words and what its button does. */
interface Confirm {
  title: string
  body: string
  label: string
  run: () => Promise<unknown>
}
const selectClass =
  'h-11 rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-ring'

/** The roles `mine` may give: the owner any, an admin editor and viewer, the others none. */
const givable = (mine: TeamRole): MemberRole[] =>
  mine === 'owner' ? ['admin', 'editor', 'viewer'] : mine === 'admin' ? ['editor', 'viewer'] : []
/** Whether `mine` may change or remove a member whose role is `theirs` (docs/product.md#teams). */
const manages = (mine: TeamRole, theirs: TeamRole) =>
  theirs !== 'owner' && (mine === 'owner' || (mine === 'admin' && theirs !== 'admin'))

/**
 * Teams: create one, see the teams the customer is in, and manage a team's people: the team `?team=<id>` names,
 * else the one the tab works in (a page loaded with `?team=` is moved there by the boot script), else the first.
 */
export function TeamsPage() {
  const { t } = useTranslation()
  const teams = useQuery(teamListQuery())
  const [params, setParams] = useSearchParams()
  const { teamId } = useCurrentTeam()
  const byId = (id: string | null | undefined) => teams.data?.find((team) => String(team.id) === id)
  const chosen = byId(params.get('team')) ?? byId(teamId) ?? teams.data?.[0]

  return (
    <>
      <PageTitle title={t('teams.page.title')}>{t('teams.page.intro')}</PageTitle>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="flex flex-col gap-6">
          <CreateTeamForm onCreated={(id) => setParams({ team: String(id) })} />
          <section aria-labelledby="teams-title">
            <h2 id="teams-title" className="mb-3 text-lg font-semibold">
              {t('teams.page.listTitle')}
            </h2>
            {teams.isPending ? (
              <RowsSkeleton rowClassName="h-12" gap="gap-2" />
            ) : teams.isError ? (
              <LoadError onRetry={() => void teams.refetch()} />
            ) : teams.data.length === 0 ? (
              <EmptyState icon={<Users className="size-6" />} title={t('teams.page.listTitle')}>
                {t('teams.page.empty')}
              </EmptyState>
            ) : (
              <ul className="flex flex-col gap-2">
                {teams.data.map((team) => (
                  <li key={team.id}>
                    <Link
                      to={`?team=${team.id}`}
                      aria-current={team.id === chosen?.id ? 'page' : undefined}
                      className="flex min-h-11 items-center justify-between gap-3 rounded-md border border-border px-3 py-2 hover:bg-accent aria-[current=page]:border-primary aria-[current=page]:bg-accent"
                    >
                      <span className="truncate font-medium">{team.name}</span>
                      <Badge variant="secondary">{t(`workspace.roles.${team.role}`)}</Badge>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        {chosen ? <TeamPeople key={chosen.id} team={chosen} /> : null}
      </div>
    </>
  )
}

function CreateTeamForm({ onCreated }: { onCreated: (id: number) => void }) {
  const { t } = useTranslation()
  const create = useCreateTeam()
  const nameRef = useRef<HTMLInputElement>(null)
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()

  function nameError(value: string): string | undefined {
    if (value.trim() === '') return t('teams.page.nameRequired')
    if (value.trim().length > TEAM_NAME_MAX_LENGTH)
      return t('teams.page.nameTooLong', { max: TEAM_NAME_MAX_LENGTH })
    return undefined
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const found = nameError(name)
    setError(found)
    if (found) return nameRef.current?.focus()
    create.mutate(name.trim(), {
      onSuccess: (team) => {
        setName('')
        notifySuccess(t('teams.page.created', { name: team.name }))
        onCreated(team.id)
      },
      onError: (e) => (e instanceof ApiFailureError ? setError(e.msg) : reportError(e)),
    })
  }

  return (
    <section aria-labelledby="create-team-title" className="rounded-xl border border-border p-4 sm:p-5">
      <h2 id="create-team-title" className="mb-4 text-lg font-semibold">
        {t('teams.page.createTitle')}
      </h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          ref={nameRef}
          label={t('teams.page.name')}
          hint={t('teams.page.nameHint')}
          error={error}
          value={name}
          maxLength={TEAM_NAME_MAX_LENGTH + 20}
          autoComplete="organization"
          onChange={(event) => {
            setName(event.target.value)
            if (error) setError(undefined)
          }}
        />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('teams.page.creating') : t('teams.page.create')}
        </Button>
      </form>
    </section>
  )
}

/** A team's members, its invitation form and pending invitations (for those who manage people). */
function TeamPeople({ team }: { team: Team }) {
  const { t, i18n } = useTranslation()
  const people = useQuery(teamMembersQuery(team.id))
  const me = useQuery(myInfoQuery())
  const setRole = useSetRole(team.id)
  const remove = useRemoveMember(team.id)
  const revoke = useRevokeInvitation(team.id)
  const transfer = useTransferTeam(team.id)
  const deleteTeam = useDeleteTeam(team.id)
  const [confirm, setConfirm] = useState<Confirm>()
  const [, setParams] = useSearchParams()
  const myId = me.data?.id
  const busy = remove.isPending || transfer.isPending || deleteTeam.isPending
  /** Asks before `change` runs; says `done` once it has, and leaves the team's page when `away`. */
  const ask = (c: Omit<Confirm, 'run'>, change: () => Promise<unknown>, done: string, away = false) =>
    setConfirm({
      ...c,
      run: () =>
        change().then(() => {
          setConfirm(undefined)
          notifySuccess(done)
          if (away) setParams({})
        }, reportError),
    })
  const askRemove = (m: TeamMember) =>
    m.userId === myId
      ? ask(
          {
            title: t('teams.page.leaveTitle', { team: team.name }),
            body: t('teams.page.leaveBody'),
            label: t('teams.page.leave'),
          },
          () => remove.mutateAsync(m.userId),
          t('teams.page.left', { team: team.name }),
          true,
        )
      : ask(
          {
            title: t('teams.page.removeTitle', { name: m.name, team: team.name }),
            body: t('teams.page.removeBody'),
            label: t('teams.page.remove'),
          },
          () => remove.mutateAsync(m.userId),
          t('teams.page.removed', { name: m.name }),
        )

  if (people.isPending) return <RowsSkeleton rowClassName="h-14" gap="gap-3" />
  if (people.isError) return <LoadError onRetry={() => void people.refetch()} />
  const { members, invitations, seats, seatsMax } = people.data
  const roles = givable(team.role)

  return (
    <section aria-labelledby="members-title" className="flex min-w-0 flex-col gap-6">
      <div>
        <h2 id="members-title" className="text-lg font-semibold">
          {team.name} · {t('teams.page.members')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('teams.page.seats', { seats, max: seatsMax })}</p>
      </div>
      <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
        {members.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center gap-3 p-3">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">
                {m.name}
                {m.userId === myId ? ` (${t('teams.page.you')})` : ''}
              </p>
              <p className="truncate text-sm text-muted-foreground">{m.email}</p>
            </div>
            {manages(team.role, m.role) ? (
              <select
                aria-label={t('teams.page.roleOf', { name: m.name })}
                className={selectClass}
                value={m.role}
                disabled={setRole.isPending}
                onChange={(event) => {
                  const role = event.target.value as MemberRole
                  setRole.mutate(
                    { userId: m.userId, role },
                    {
                      onSuccess: () =>
                        notifySuccess(
                          t('teams.page.roleChanged', { name: m.name, role: t(`workspace.roles.${role}`) }),
                        ),
                      onError: reportError,
                    },
                  )
                }}
              >
                {(roles.includes(m.role as MemberRole) ? roles : [m.role as MemberRole, ...roles]).map(
                  (r) => (
                    <option key={r} value={r}>
                      {t(`workspace.roles.${r}`)}
                    </option>
                  ),
                )}
              </select>
            ) : (
              <Badge variant="secondary">{t(`workspace.roles.${m.role}`)}</Badge>
            )}
            {team.role === 'owner' && m.role !== 'owner' ? (
              <Button
                variant="outline"
                aria-label={t('teams.page.handOverOf', { name: m.name })}
                onClick={() =>
                  ask(
                    {
                      title: t('teams.page.handOverTitle', { team: team.name, name: m.name }),
                      body: t('teams.page.handOverBody'),
                      label: t('teams.page.handOver'),
                    },
                    () => transfer.mutateAsync(m.userId),
                    t('teams.page.handedOver', { name: m.name, team: team.name }),
                  )
                }
              >
                {t('teams.page.handOver')}
              </Button>
            ) : null}
            {m.userId === myId && m.role !== 'owner' ? (
              <Button variant="outline" onClick={() => askRemove(m)}>
                {t('teams.page.leave')}
              </Button>
            ) : manages(team.role, m.role) ? (
              <Button
                variant="outline"
                aria-label={t('teams.page.removeOf', { name: m.name })}
                onClick={() => askRemove(m)}
              >
                {t('teams.page.remove')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>

      <TeamSettings team={team} />

      {roles.length > 0 ? (
        <>
          <InviteForm teamId={team.id} roles={roles} />
          <section aria-labelledby="pending-title">
            <h3 id="pending-title" className="mb-2 font-semibold">
              {t('teams.page.pending')}
            </h3>
            {invitations.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('teams.page.noPending')}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
                {invitations.map((inv) => (
                  <li key={inv.id} className="flex flex-wrap items-center gap-3 p-3">
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium">{inv.email}</p>
                      <p className="text-sm text-muted-foreground">
                        {t(`workspace.roles.${inv.role}`)} ·{' '}
                        {t('teams.page.expires', {
                          date: formatDate(new Date(inv.expiresAt), 'long', i18n.language),
                        })}
                      </p>
                    </div>
                    <Button
                      variant="outline"
                      aria-label={t('teams.page.revokeOf', { email: inv.email })}
                      disabled={revoke.isPending}
                      onClick={() =>
                        revoke.mutate(inv.id, {
                          onSuccess: () => notifySuccess(t('teams.page.revoked', { email: inv.email })),
                          onError: reportError,
                        })
                      }
                    >
                      {t('teams.page.revoke')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}

      {roles.length > 0 ? <TeamActivity team={team} /> : null}

      {team.role === 'owner' ? (
        <Button
          variant="outline"
          className="self-start text-destructive"
          onClick={() =>
            ask(
              {
                title: t('teams.page.deleteTitle', { team: team.name }),
                body: t('teams.page.deleteBody'),
                label: t('teams.page.deleteTeam'),
              },
              () => deleteTeam.mutateAsync(undefined),
              t('teams.page.deleted', { team: team.name }),
              true,
            )
          }
        >
          {t('teams.page.deleteTeam')}
        </Button>
      ) : null}

      <ConfirmDeleteDialog
        open={confirm !== undefined}
        onCancel={() => setConfirm(undefined)}
        onConfirm={() => void confirm?.run()}
        pending={busy}
        title={confirm?.title}
        description={confirm?.body}
        labels={{
          cancel: t('teams.page.cancel'),
          confirm: confirm?.label ?? '',
          pending: t('teams.page.working'),
        }}
      />
    </section>
  )
}

/**
 * The team's settings, seen by every member and changed by its owner and admins: "Create only from approved
 * versions" (docs/product.md "Approvals"), applied at once.
 */
function TeamSettings({ team }: { team: Team }) {
  const { t } = useTranslation()
  const change = useApprovedOnly(team.id)
  const mayChange = team.role === 'owner' || team.role === 'admin'
  return (
    <section aria-labelledby="settings-title" className="rounded-xl border border-border p-4 sm:p-5">
      <h3 id="settings-title" className="mb-4 font-semibold">
        {t('teams.page.settings')}
      </h3>
      <Switch
        label={t('approvals.rule.label')}
        hint={`${t('approvals.rule.hint')}${mayChange ? '' : ` ${t('approvals.rule.onlyAdmins')}`}`}
        checked={change.isPending ? change.variables : team.approvedOnly}
        // Kept enabled while the change is sent, so a keyboard's focus stays on it; a press meanwhile is ignored.
        disabled={!mayChange}
        onCheckedChange={(approvedOnly) => {
          if (change.isPending) return
          change.mutate(approvedOnly, {
            onSuccess: () =>
              notifySuccess(t(approvedOnly ? 'approvals.rule.changedOn' : 'approvals.rule.changedOff')),
            onError: reportError,
          })
        }}
      />
    </section>
  )
}

function InviteForm({ teamId, roles }: { teamId: number; roles: MemberRole[] }) {
  const { t } = useTranslation()
  const invite = useInvite(teamId)
  const emailRef = useRef<HTMLInputElement>(null)
  const roleId = useId()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<MemberRole>('editor')
  const [error, setError] = useState<string>()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
      setError(t('issues.email.invalid_format'))
      return emailRef.current?.focus()
    }
    invite.mutate(
      { email: email.trim(), role },
      {
        onSuccess: () => {
          notifySuccess(t('teams.page.invited', { email: email.trim() }))
          setEmail('')
        },
        onError: (e) => (e instanceof ApiFailureError ? setError(e.msg) : reportError(e)),
      },
    )
  }

  return (
    <section aria-labelledby="invite-title" className="rounded-xl border border-border p-4 sm:p-5">
      <h3 id="invite-title" className="mb-4 font-semibold">
        {t('teams.page.inviteTitle')}
      </h3>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto]">
        <EmailField
          ref={emailRef}
          className="sm:col-span-2"
          label={t('teams.page.email')}
          error={error}
          value={email}
          autoComplete="off"
          onChange={(event) => {
            setEmail(event.target.value)
            if (error) setError(undefined)
          }}
        />
        <div className="min-w-0">
          <label htmlFor={roleId} className="mb-1.5 block text-sm font-medium">
            {t('teams.page.role')}
          </label>
          <select
            id={roleId}
            aria-describedby={`${roleId}-hint`}
            className={`${selectClass} w-full`}
            value={role}
            onChange={(event) => setRole(event.target.value as MemberRole)}
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {t(`workspace.roles.${r}`)}
              </option>
            ))}
          </select>
          <p id={`${roleId}-hint`} className="mt-1.5 text-sm text-muted-foreground">
            {t(`teams.page.roleHints.${role}`)}
          </p>
        </div>
        <Button type="submit" className="sm:mt-7" disabled={invite.isPending}>
          {invite.isPending ? t('teams.page.inviting') : t('teams.page.invite')}
        </Button>
      </form>
    </section>
  )
}

const ACTIVITY_PAGE = 10
/** The most entries shown (a page of the API); the CSV has them all. */
const ACTIVITY_MAX = 100

/** The team's activity, the newest first, ten more at a time; the whole of it as a CSV (owner and admins). */
function TeamActivity({ team }: { team: Team }) {
  const { t, i18n } = useTranslation()
  const [shown, setShown] = useState(ACTIVITY_PAGE)
  const activity = useQuery(teamAuditQuery(team.id, shown))
  const [downloading, setDownloading] = useState(false)
  const person = (p: TeamAuditEntry['actor']) => p?.name ?? t('teams.page.someone')
  const role = (r: TeamRole | null) => (r ? t(`workspace.roles.${r}`) : '')
  const line = (e: TeamAuditEntry) =>
    t(`teams.page.events.${e.action}`, {
      actor: person(e.actor),
      subject: person(e.subject),
      email: e.email ?? '',
      role: role(e.role),
      fromRole: role(e.fromRole),
      detail: e.detail ?? '',
    })

  return (
    <section aria-labelledby="activity-title">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="activity-title" className="font-semibold">
          {t('teams.page.activity')}
        </h3>
        <Button
          variant="outline"
          disabled={downloading}
          onClick={() => {
            setDownloading(true)
            teamAuditCsv(team.id)
              .then(({ csv, fileName }) =>
                saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName),
              )
              .catch(reportError)
              .finally(() => setDownloading(false))
          }}
        >
          {t('teams.page.downloadCsv')}
        </Button>
      </div>
      {activity.isPending ? (
        <RowsSkeleton rowClassName="h-10" gap="gap-2" />
      ) : activity.isError ? (
        <LoadError onRetry={() => void activity.refetch()} />
      ) : activity.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('teams.page.noActivity')}</p>
      ) : (
        <>
          <ol className="flex flex-col divide-y divide-border rounded-xl border border-border">
            {activity.data.items.map((e) => (
              <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 p-3">
                <span className="min-w-0 break-words">{line(e)}</span>
                <time dateTime={e.at} className="text-sm text-muted-foreground">
                  {formatDate(new Date(e.at), 'moment', i18n.language)}
                </time>
              </li>
            ))}
          </ol>
          {activity.data.total > activity.data.items.length && shown < ACTIVITY_MAX ? (
            <Button
              variant="ghost"
              className="mt-2"
              onClick={() => setShown(Math.min(ACTIVITY_MAX, shown + ACTIVITY_PAGE))}
            >
              {t('teams.page.more')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  )
}
