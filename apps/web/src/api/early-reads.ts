/**
 * The answers of the reads boot.js starts before the app's scripts load (a signed-in visitor on an app page):
 * the API client's first GET of the same URL with the same Authorization takes that answer instead of asking
 * again, so the shell and the Dashboard get their data one round trip sooner.
 */
interface EarlyReads {
  authorization: string
  /** When boot.js asked, ms since the epoch. */
  at: number
  answers: Record<string, Promise<Response>>
}

declare global {
  interface Window {
    templetEarlyReads?: EarlyReads
  }
}

/** An answer the app did not ask for within this long is not used: it asks afresh. */
const FRESH_MS = 10_000

/** `fetch`, except that each early answer is handed out once, to a matching read. */
export function fetchWithEarlyReads(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const early = typeof window === 'undefined' ? undefined : window.templetEarlyReads
  if (early && typeof input === 'string' && (init?.method ?? 'GET') === 'GET') {
    const answer = early.answers[input]
    delete early.answers[input]
    const authorization = (init?.headers as Record<string, string> | undefined)?.Authorization
    if (
      answer &&
      authorization === early.authorization &&
      Date.now() - early.at < FRESH_MS &&
      !init?.signal?.aborted
    )
      return answer.catch(() => fetch(input, init))
  }
  return fetch(input, init)
}
