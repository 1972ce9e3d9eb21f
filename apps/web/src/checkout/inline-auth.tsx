import type { AuthData } from '@templet/api'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { RegisterForm } from '../auth/register-form'
import { SignInForm } from '../auth/sign-in-form'
import { cx } from '../components/cx'

type Mode = 'register' | 'signIn'

/**
 * Registration or sign-in inside the checkout page: the visitor stays on the page and pays with the account
 * they just made or opened. `onSignedIn` gets the answer once the session is stored.
 */
export function InlineAuth({ onSignedIn }: { onSignedIn: (auth: AuthData) => void }) {
  const { t } = useTranslation()
  const [mode, setMode] = useState<Mode>('register')
  return (
    <section aria-labelledby="account-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="account-heading" className="text-lg font-semibold">
          {t('checkout.account.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('checkout.account.intro')}</p>
      </div>
      <fieldset className="grid grid-cols-2 rounded-lg border border-border p-1">
        <legend className="sr-only">{t('checkout.account.choose')}</legend>
        {(['register', 'signIn'] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={m === mode}
            onClick={() => setMode(m)}
            className={cx(
              'min-h-9 rounded-md px-3 py-1.5 text-sm font-medium',
              m === mode
                ? 'bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:bg-accent hover:text-foreground',
            )}
          >
            {t(`checkout.account.${m}`)}
          </button>
        ))}
      </fieldset>
      {mode === 'register' ? (
        <RegisterForm
          onSignedIn={onSignedIn}
          submitLabel={t('checkout.account.registerSubmit')}
          busyLabel={t('checkout.account.registerBusy')}
          submitClassName="w-full"
        />
      ) : (
        <SignInForm
          onSignedIn={onSignedIn}
          submitLabel={t('checkout.account.signInSubmit')}
          busyLabel={t('checkout.account.signInBusy')}
          submitClassName="w-full"
        />
      )}
    </section>
  )
}
