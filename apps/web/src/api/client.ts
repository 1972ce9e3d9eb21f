import { type ApiResult, createApiClient, type EndpointName, type FieldIssue } from '@templet/api'
import { loginPathFor } from '@templet/api/paths'
import { showToast } from '../feedback/notify'
import { currentLanguage, i18n } from '../i18n'
import { navigateTo } from '../router/navigation'
import { endSession, session, signedOutHere } from '../session/session'
import { currentTeam } from '../session/workspace'
import { API_BASE_URL } from './base-url'
import { takeEarlyRead } from './early-reads'

/** A refused session: back to sign-in (and back here after it), saying why once; nothing cached is kept. */
function signInAgain(): void {
  endSession()
  void import('./query-client').then(({ queryClient }) => queryClient.clear())
  const { pathname, search } = window.location
  if (pathname === '/login') return
  showToast('error', i18n.t('app.sessionEnded'), { id: 'session-ended' })
  navigateTo(loginPathFor(`${pathname}${search}`), { replace: true })
}

/** The one API client of the app: `/api`, the product's timeout, the session under `localStorage.user`. */
export const api = createApiClient({
  baseUrl: API_BASE_URL,
  timeoutMs: 500_000,
  session,
  onUnauthorized: signInAgain,
  locale: currentLanguage,
  // A read the boot script has already sent with the page is answered by that request.
  fetch: (input, init) => takeEarlyRead(String(input), init) ?? fetch(input, init),
  team: currentTeam,
})

/**
 * A business code other than 0, as a value the screens can tell apart (`code`, server `msg`, retry hint,
 * and on code 400 the field issues by key).
 */
export class ApiFailureError extends Error {
  override name = 'ApiFailureError'
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly retryAfterSeconds?: number,
    readonly issues: readonly FieldIssue[] = [],
    /** The answer's `data`, for a failure that carries more (a deleted creation's `deletedAt`). */
    readonly data: Readonly<Record<string, unknown>> = {},
  ) {
    super(msg)
  }
}

/**
 * The `data` of a successful answer, or an {@link ApiFailureError}. A 401 answer to a request that carried
 * no token (a stored record without one) also ends the session, like the client does for a refused token;
 * not after a logout in this tab (a read of the screen being left).
 */
export function unwrap<N extends EndpointName>(result: ApiResult<N>): Extract<ApiResult<N>, { code: 0 }> {
  if (result.code === 0) return result as Extract<ApiResult<N>, { code: 0 }>
  if (result.code === 401 && !signedOutHere()) {
    endSession()
    signInAgain()
  }
  throw new ApiFailureError(
    result.code,
    result.msg,
    result.data.retryAfterSeconds,
    result.data.issues,
    result.data as Record<string, unknown>,
  )
}
