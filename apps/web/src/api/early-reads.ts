/**
 * The reads src/boot.ts sends with the page for a signed-in visitor (api/first-read-list.ts), before the app's
 * code has loaded: the API client takes such an answer instead of sending the same request again. Each answer
 * is taken once, and only by a request with the same URL, Authorization and Team headers (a session or a
 * workspace changed since is not answered with the old one's data); whatever is left when the app has rendered is dropped. No
 * dependencies: src/boot.ts is compiled with it.
 */

interface EarlyRead {
  url: string
  authorization: string
  /** The team whose workspace they were read in, or null for the person's own. */
  team: string | null
  response: Promise<Response>
}

declare global {
  interface Window {
    templetEarlyReads?: EarlyRead[]
  }
}

/**
 * Sends GETs of `urls` with `token` at once and keeps their answers for the client. The headers are the ones
 * @templet/api's client sends (its JSON content type, its `Bucket` scheme), since it compares them.
 */
export function sendEarlyReads(urls: readonly string[], token: string, team?: string): void {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Authorization: `Bucket ${token}`,
  }
  if (team) headers.Team = team
  window.templetEarlyReads = urls.map((url) => {
    const response = fetch(url, { headers })
    // Not an unhandled rejection if the app never takes it; the client that does sees the failure.
    response.catch(() => {})
    return { url, authorization: `Bucket ${token}`, team: team ?? null, response }
  })
}

/** The early answer to a GET of `url` with these headers, taken out of the list; else undefined. */
export function takeEarlyRead(url: string, init: RequestInit | undefined): Promise<Response> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window.templetEarlyReads
  if (!reads?.length || (init?.method ?? 'GET') !== 'GET') return undefined
  const headers = new Headers(init?.headers)
  const authorization = headers.get('Authorization')
  const team = headers.get('Team')
  const index = reads.findIndex(
    (read) => read.url === url && read.authorization === authorization && read.team === team,
  )
  if (index < 0) return undefined
  return reads.splice(index, 1)[0]?.response
}

/** Whether the boot script started reads that nothing has taken yet. */
export function hasEarlyReads(): boolean {
  return (window.templetEarlyReads?.length ?? 0) > 0
}

/** Forgets the reads nothing took: a later request always goes to the server. */
export function dropEarlyReads(): void {
  delete window.templetEarlyReads
}
