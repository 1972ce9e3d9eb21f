import type { ApiFailure, AuthData } from '@templet/api'
import { safeRedirect } from '@templet/api/paths'
import type { TFunction } from 'i18next'
import { useNavigate, useSearchParams } from 'react-router'
import type { FailureText } from '../forms/contract-form'
import { startSession } from '../session/session'
import { followTeamLink } from '../session/workspace'

/**
 * The wording of the authentication codes: 401 wrong credentials, 409 email taken, 429 with its wait in whole
 * minutes (sign-in waits run from one minute to a quarter of an hour).
 */
export function describeAuthFailure(t: TFunction, failure: ApiFailure): FailureText<'email'> {
  switch (failure.code) {
    case 401:
      return { message: t('auth.badCredentials') }
    case 409:
      return { field: 'email', message: t('auth.emailTaken') }
    case 429: {
      const seconds = failure.data.retryAfterSeconds
      return {
        message: seconds
          ? t('auth.tooMany', { count: Math.max(1, Math.ceil(seconds / 60)) })
          : t('auth.tooManyNoHint'),
      }
    }
    default:
      return undefined
  }
}

/**
 * Where the sign-in and registration pages go once signed in: the session is stored and the visitor returns
 * to `redirect` (same-origin only, else /dashboard), in the team it names (`?team=`).
 */
export function useReturnAfterSignIn() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  return async (auth: AuthData) => {
    startSession(auth)
    const target = safeRedirect(params.get('redirect'))
    // A team's link the visitor was sent to sign in for (`?team=`) opens in that team, as a page load of it would.
    await navigate(followTeamLink(new URL(target, window.location.origin).href) ?? target, { replace: true })
  }
}
