import { useTranslation } from 'react-i18next'
import { AuthCard, AuthSwitch } from '../auth/auth-card'
import { useReturnAfterSignIn } from '../auth/auth-submit'
import { SignInForm } from '../auth/sign-in-form'

export function LoginPage() {
  const { t } = useTranslation()
  const onSignedIn = useReturnAfterSignIn()
  return (
    <AuthCard
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <AuthSwitch prompt={t('auth.login.noAccount')} label={t('auth.login.register')} to="/register" />
      }
    >
      <SignInForm
        onSignedIn={onSignedIn}
        submitLabel={t('auth.login.submit')}
        busyLabel={t('auth.login.busy')}
        submitClassName="mt-2 w-full"
      />
    </AuthCard>
  )
}
