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
