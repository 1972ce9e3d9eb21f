import { useTranslation } from 'react-i18next'
import { AuthCard, AuthSwitch } from '../auth/auth-card'
import { useReturnAfterSignIn } from '../auth/auth-submit'
import { RegisterForm } from '../auth/register-form'

export function RegisterPage() {
  const { t } = useTranslation()
  const onSignedIn = useReturnAfterSignIn()
  return (
    <AuthCard
      title={t('auth.register.title')}
      subtitle={t('auth.register.subtitle')}
      footer={
        <AuthSwitch prompt={t('auth.register.haveAccount')} label={t('auth.register.login')} to="/login" />
      }
    >
      <RegisterForm
        onSignedIn={onSignedIn}
        submitLabel={t('auth.register.submit')}
        busyLabel={t('auth.register.busy')}
        submitClassName="mt-2 w-full"
      />
    </AuthCard>
  )
}
