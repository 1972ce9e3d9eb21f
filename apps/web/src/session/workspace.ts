/**
 * The team whose workspace this tab works in (ADR 0206), or undefined for the person's own. Kept per tab in
 * sessionStorage, so a reload stays in it and another tab is not moved by a switch here; the API client sends
 * it as the `Team` header on every call.
 */
const KEY = 'templet.team'
const listeners = new Set<() => void>()

export function currentTeam(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined
  } catch {
    return undefined
  }
}

/** Works in `teamId`'s workspace from the next call on (undefined: the person's own). */
export function chooseTeam(teamId: string | undefined): void {
  if (teamId === currentTeam()) return
  try {
    if (teamId === undefined) sessionStorage.removeItem(KEY)
    else sessionStorage.setItem(KEY, teamId)
  } catch {
    // Storage refused (a private window's quota): the choice lasts until the next read.
  }
  for (const listener of listeners) listener()
}

/** Calls `listener` on every switch; returns the unsubscribe. No React here: src/boot.ts is built with this. */
export function subscribeToTeam(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * A link's parameter that opens its page in a team's workspace (`?team=<id>`: a notification's link opened in a
 * new tab). The boot script moves the tab to that team and takes the parameter off the address.
 */
const TEAM_PARAM = 'team'

/** `path` as a link that opens it in `teamId`'s workspace. */
export function pathInTeam(path: string, teamId: number): string {
  const [pathname = '', query = ''] = path.split('?')
  const search = new URLSearchParams(query)
  search.set(TEAM_PARAM, String(teamId))
  return `${pathname}?${search}`
}

/**
 * Works in the team a link names (`?team=<id>`), if it names one; returns the address without the parameter
 * (undefined when it had none). A team the person is not in is dropped by the workspace switcher, as always.
 */
export function followTeamLink(href: string): string | undefined {
  const url = new URL(href)
  const team = url.searchParams.get(TEAM_PARAM)
  if (team === null) return undefined
  url.searchParams.delete(TEAM_PARAM)
  if (/^[1-9]\d{0,15}$/.test(team)) chooseTeam(team)
  return `${url.pathname}${url.search}${url.hash}`
}
