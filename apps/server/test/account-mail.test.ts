import type { Kysely } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { Database } from '../src/db/schema'
import { AccountMail } from '../src/features/accounts/account-mail'
import { createLogger } from '../src/log'
import type { Mail } from '../src/services/mail/mailer'

/** A transport whose deliveries finish when the test says, one by one. */
function heldTransport() {
  const pending: { mail: Mail; finish: (error?: Error) => void }[] = []
  const mailer = {
    send: (mail: Mail) =>
      new Promise<void>((resolve, reject) =>
        pending.push({ mail, finish: (error) => (error ? reject(error) : resolve()) }),
      ),
  }
  return { mailer, pending }
}

describe('the account mail on its way', () => {
  it('is waited for by sent(), delivered or failed, so a stopping process loses none', async () => {
    const { mailer, pending } = heldTransport()
    const mail = new AccountMail({
      db: {} as Kysely<Database>,
      mailer,
      log: createLogger('silent'),
      now: Date.now,
      publicUrl: 'https://templet.example',
      ttlSeconds: { reset_password: 3600, verify_email: 86_400, change_email: 86_400 },
    })
    const user = { locale: 'en' }
    mail.notify('a@example.com', user, { kind: 'password_changed', name: 'Ana' })
    mail.notify('b@example.com', user, { kind: 'deletion_canceled', name: 'Bo' })
    expect(pending.map((p) => p.mail.to)).toEqual(['a@example.com', 'b@example.com'])

    let done = false
    const sent = mail.sent().then(() => {
      done = true
    })
    pending[0]?.finish()
    // The first delivery's consequences are promise callbacks, all run before the next turn of the loop.
    await new Promise((resolve) => setImmediate(resolve))
    expect(done).toBe(false)
    pending[1]?.finish(new Error('the SMTP server hung up'))
    await sent
    expect(done).toBe(true)
    // Nothing left on its way: the next wait is over at once.
    await expect(mail.sent()).resolves.toBeUndefined()
  })
})
