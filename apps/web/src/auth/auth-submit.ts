import type { ApiFailure, ApiResult } from '@templet/api'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import type { FailureText } from '../forms/contract-form'
import { safeRedirect } from '../session/redirect'
import { startSession } from '../session/session'

/** The wording of the authentication codes: 401 wrong credentials, 409 email taken, 429 with its wait. */
export function describeAuthFailure(t: TFunction, failure: ApiFailure): FailureText<'email'> {
  switch (failure.code) {
    case 401:
      return { message: t('auth.badCredentials') }
    case 409:
      return { field: 'email', message: t('auth.emailTaken') }
    case 429: {
      const seconds = failure.data.retryAfterSeconds
      return { message: seconds ? t('auth.tooMany', { seconds }) : t('auth.tooManyNoHint') }
    }
    default:
      return undefined
  }
}

/**
 * What sign-in and registration do with an answer: on success the session is stored and the visitor
 * returns to `redirect` (same-origin only, else /dashboard); a failure is passed to the form's `fail` with
 * the wording of the authentication codes (401 wrong credentials, 409 email taken, 429 with its wait).
 */
export function useAuthAnswer() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()

  const describe = (failure: ApiFailure) => describeAuthFailure(t, failure)

  return async (
    result: ApiResult<'login' | 'register'>,
    fail: (failure: ApiFailure, describe: (failure: ApiFailure) => FailureText<'email'>) => void,
  ) => {
    if (result.code !== 0) return fail(result, describe)
    startSession(result.data)
    await navigate(safeRedirect(params.get('redirect')), { replace: true })
  }
}
