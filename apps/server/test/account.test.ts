import { readFileSync } from 'node:fs'
import { facesOf } from '@templet/render'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { engines, startServer, type TestServer } from './harness'
import { linkToken, startMailbox } from './mailbox'
import { templateWith, uploadImage, validValues } from './media/catalogue'

const HOUR = 3600 * 1000
const DAY = 24 * HOUR
const NEW_PASSWORD = 'a brand new passphrase'

describe.each(engines)('the account on %s', (engine) => {
  let s: TestServer
  let mailbox: Awaited<ReturnType<typeof startMailbox>>
  beforeAll(async () => {
    mailbox = await startMailbox()
    s = await startServer(engine, {
      SMTP_URL: mailbox.url,
      PUBLIC_URL: 'https://templet.test',
      ACCOUNT_MAIL_LIMIT: '3',
      LOGIN_SOURCE_FAILURE_LIMIT: '3',
      LOGIN_FAILURE_LIMIT: '3',
    })
  })
  afterAll(async () => {
    await s.close()
    await mailbox.close()
  })

  const myInfo = (token: string) => s.call('GET', '/user/my-info', { token })
  const login = (email: string, password: string) =>
    s.call('POST', '/user/login', { body: { email, password } })
  /** A new account whose welcome (confirmation) mail has been taken from the mailbox. */
  const account = async () => {
    const a = await s.signUp()
    await mailbox.next(a.email)
    return a
  }
  const forgot = async (email: string) => {
    const r = await s.call('POST', '/user/forgot-password', { body: { email } })
    expect(r).toMatchObject({ code: 0, data: {} })
    return r
  }

  describe('password reset', () => {
    it('mails a single-use link; the new password works, the old one and every session do not', async () => {
      const a = await account()
      const other = await login(a.email, a.password)
      await forgot(a.email)
      const mail = await mailbox.next(a.email)
      expect(mail.subject).toBe('Reset your Templet password')
      expect(mail.text).toContain('https://templet.test/reset-password?token=')
      expect(mail.html).toContain('Choose a new password')
      const token = linkToken(mail)

      expect(
        await s.call('POST', '/user/reset-password', { body: { token, password: NEW_PASSWORD } }),
      ).toMatchObject({
        code: 0,
      })
      for (const t of [a.token, other.data.token]) expect((await myInfo(t)).code).toBe(401)
      expect((await login(a.email, a.password)).code).toBe(401)
      expect((await login(a.email, NEW_PASSWORD)).code).toBe(0)

      const again = await s.call('POST', '/user/reset-password', {
        body: { token, password: 'yet another one!' },
      })
      expect(again.code).toBe(400)
      expect(again.data.issues[0]).toMatchObject({ path: ['token'], params: { rule: 'expired_link' } })
      expect((await login(a.email, NEW_PASSWORD)).code).toBe(0)
    })

    it('answers an unknown email exactly as a known one, and mails nothing', async () => {
      const a = await account()
      const unknown = `nobody-${Date.now()}@example.com`
      const known = await forgot(a.email)
      const none = await forgot(unknown)
      expect({ code: none.code, msg: none.msg, data: none.data }).toEqual({
        code: known.code,
        msg: known.msg,
        data: known.data,
      })
      await mailbox.next(a.email)
      // The known address's mail has arrived; the unknown one had as long and got none.
      expect(mailbox.to(unknown)).toHaveLength(0)
    })

    it('refuses a link after its hour', async () => {
      const a = await account()
      await forgot(a.email)
      const token = linkToken(await mailbox.next(a.email))
      s.advance(HOUR + 1000)
      const r = await s.call('POST', '/user/reset-password', { body: { token, password: NEW_PASSWORD } })
      expect(r.code).toBe(400)
      expect((await login(a.email, a.password)).code).toBe(0)
    })

    it('lets one of many parallel uses of a link through', async () => {
      const a = await account()
      await forgot(a.email)
      const token = linkToken(await mailbox.next(a.email))
      const passwords = Array.from({ length: 6 }, (_, i) => `parallel password ${i}`)
      const answers = await Promise.all(
        passwords.map((password) => s.call('POST', '/user/reset-password', { body: { token, password } })),
      )
      expect(answers.filter((r) => r.code === 0)).toHaveLength(1)
      expect(answers.filter((r) => r.code === 400)).toHaveLength(5)
      const won = passwords[answers.findIndex((r) => r.code === 0)] as string
      expect((await login(a.email, won)).code).toBe(0)
    })

    it('lifts the sign-in lockout of the account', async () => {
      const a = await account()
      for (let i = 0; i < 3; i++) expect((await login(a.email, 'wrong password!')).code).toBe(401)
      expect((await login(a.email, a.password)).code).toBe(429)
      await forgot(a.email)
      const token = linkToken(await mailbox.next(a.email))
      await s.call('POST', '/user/reset-password', { body: { token, password: NEW_PASSWORD } })
      expect((await login(a.email, NEW_PASSWORD)).code).toBe(0)
    })

    it('limits the mails per email, for known and unknown addresses alike', async () => {
      const a = await account()
      const unknown = `nobody-${Date.now()}@example.com`
      for (const email of [a.email, unknown]) {
        for (let i = 0; i < 3; i++) await forgot(email)
        const r = await s.call('POST', '/user/forgot-password', { body: { email } })
        expect(r.code).toBe(429)
        expect(r.data.retryAfterSeconds).toBeGreaterThan(0)
      }
    })

    it('writes the mail in the account’s language', async () => {
      const email = `zh-${Date.now()}@example.com`
      const r = await s.call('POST', '/user/register', {
        body: { email, password: 'correct horse battery', locale: 'zh-CN' },
      })
      expect(r.data.user.locale).toBe('zh-CN')
      expect((await mailbox.next(email)).subject).toBe('请确认您在 Templet 的邮箱地址')
      await forgot(email)
      const mail = await mailbox.next(email)
      expect(mail.subject).toBe('重置您的 Templet 密码')
      expect(mail.text).toContain('设置新密码')
    })
  })

  describe('email addresses', () => {
    it('confirms a new account’s address with the link of its welcome mail', async () => {
      const a = await s.signUp()
      expect((await myInfo(a.token)).data).toMatchObject({ emailVerified: false, pendingEmail: null })
      const token = linkToken(await mailbox.next(a.email))
      expect(await s.call('POST', '/user/confirm-email', { body: { token } })).toMatchObject({
        code: 0,
        data: { email: a.email },
      })
      expect((await myInfo(a.token)).data.emailVerified).toBe(true)
      expect((await s.call('POST', '/user/resend-verification', { token: a.token })).code).toBe(409)
      expect((await s.call('POST', '/user/confirm-email', { body: { token } })).code).toBe(400)
    })

    it('resends the confirmation, a few times an hour', async () => {
      const a = await account()
      for (let i = 0; i < 3; i++) {
        expect((await s.call('POST', '/user/resend-verification', { token: a.token })).code).toBe(0)
        await mailbox.next(a.email)
      }
      expect((await s.call('POST', '/user/resend-verification', { token: a.token })).code).toBe(429)
    })

    it('changes the email only when the new address confirms, and tells the old one', async () => {
      const a = await account()
      const newEmail = `moved-${Date.now()}@example.com`
      const wrong = await s.call('POST', '/user/change-email', {
        token: a.token,
        body: { email: newEmail, password: 'not my password' },
      })
      expect(wrong.data.issues[0]).toMatchObject({ path: ['password'], params: { rule: 'wrong_password' } })
      const asked = await s.call('POST', '/user/change-email', {
        token: a.token,
        body: { email: newEmail, password: a.password },
      })
      expect(asked.code).toBe(0)
      expect((await myInfo(a.token)).data).toMatchObject({ email: a.email, pendingEmail: newEmail })
      const token = linkToken(await mailbox.next(newEmail))
      expect((await login(newEmail, a.password)).code).toBe(401)

      expect((await s.call('POST', '/user/confirm-email', { body: { token } })).data).toEqual({
        email: newEmail,
      })
      expect((await myInfo(a.token)).data).toMatchObject({
        email: newEmail,
        emailVerified: true,
        pendingEmail: null,
      })
      const notice = await mailbox.next(a.email)
      expect(notice.subject).toBe('Your Templet email address was changed')
      expect(notice.text).toContain(newEmail)
      expect((await login(newEmail, a.password)).code).toBe(0)
      expect((await login(a.email, a.password)).code).toBe(401)
    })

    it('refuses an address another account has', async () => {
      const a = await account()
      const b = await account()
      const r = await s.call('POST', '/user/change-email', {
        token: a.token,
        body: { email: b.email, password: a.password },
      })
      expect(r.code).toBe(409)
    })
  })

  describe('settings', () => {
    it('changes the name and the language', async () => {
      const a = await account()
      const r = await s.call('POST', '/user/update', {
        token: a.token,
        body: { name: 'Ada L.', locale: 'zh-CN' },
      })
      expect(r.data).toMatchObject({ name: 'Ada L.', locale: 'zh-CN' })
      const bad = await s.call('POST', '/user/update', { token: a.token, body: { name: '   ' } })
      expect(bad.code).toBe(400)
      expect(bad.data.issues[0].path).toEqual(['name'])
    })

    it('changes the password with the current one, answering a new session and ending the others', async () => {
      const a = await account()
      const other = (await login(a.email, a.password)).data.token
      const wrong = await s.call('POST', '/user/change-password', {
        token: a.token,
        body: { currentPassword: 'not it at all', password: NEW_PASSWORD },
      })
      expect(wrong.data.issues[0]).toMatchObject({ path: ['currentPassword'] })
      const r = await s.call('POST', '/user/change-password', {
        token: a.token,
        body: { currentPassword: a.password, password: NEW_PASSWORD },
      })
      expect(r.code).toBe(0)
      expect((await myInfo(r.data.token)).code).toBe(0)
      for (const t of [a.token, other]) expect((await myInfo(t)).code).toBe(401)
      expect((await login(a.email, NEW_PASSWORD)).code).toBe(0)
      expect((await mailbox.next(a.email)).subject).toBe('Your Templet password was changed')
    })

    it('lists the signed-in devices and signs one out; another account’s session is a 404', async () => {
      const a = await account()
      const phone = await s.call('POST', '/user/login', {
        body: { email: a.email, password: a.password },
        headers: {
          'user-agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
        },
      })
      const list = await s.call('GET', '/user/sessions', { token: a.token })
      expect(list.total).toBe(2)
      const mine = list.data.find((x: { current: boolean }) => x.current)
      const theirs = list.data.find((x: { current: boolean }) => !x.current)
      expect(theirs.device).toBe('Safari on iOS')
      expect(mine.id).not.toBe(theirs.id)

      const b = await account()
      expect(
        (await s.call('POST', '/user/sessions/revoke', { token: b.token, body: { id: theirs.id } })).code,
      ).toBe(404)
      expect((await myInfo(phone.data.token)).code).toBe(0)
      expect(
        (await s.call('POST', '/user/sessions/revoke', { token: a.token, body: { id: theirs.id } })).code,
      ).toBe(0)
      expect((await myInfo(phone.data.token)).code).toBe(401)
      expect((await myInfo(a.token)).code).toBe(0)
    })
  })

  describe('export', () => {
    it('is a ZIP of the account’s data and files, and no other account’s', async () => {
      const a = await account()
      const t = await templateWith(s, 'text')
      const made = await s.call('POST', '/creation/create', {
        token: a.token,
        body: { templateId: t.id, values: await validValues(s, a.token, t), name: 'Exported card' },
      })
      expect(made.code).toBe(0)
      const upload = await uploadImage(s, a.token)
      const b = await account()
      const team = await s.call('POST', '/team/create', { token: a.token, body: { name: 'Exported team' } })

      const r = await s.call('POST', '/user/export', { token: a.token })
      expect(r.code).toBe(0)
      const res = await fetch(`${s.url}${r.data.url}`)
      expect(res.headers.get('content-type')).toBe('application/zip')
      const zip = unzipSync(new Uint8Array(await res.arrayBuffer()))
      const json = (name: string) => JSON.parse(new TextDecoder().decode(zip[name]))
      expect(json('profile.json')).toMatchObject({ email: a.email })
      const creations = json('creations.json')
      expect(creations).toEqual([expect.objectContaining({ id: made.data.id, name: 'Exported card' })])
      const png = zip[`creations/${made.data.id}/image.png`]
      expect(png?.subarray(1, 4)).toEqual(new TextEncoder().encode('PNG'))
      expect(json('uploads.json').map((u: { id: number }) => u.id)).toContain(upload)
      expect(Object.keys(zip)).toContain(`uploads/${upload}.png`)
      for (const name of ['purchases.json', 'notifications.json', 'credit-history.json'])
        expect(zip[name]).toBeDefined()
      expect(json('teams.json')).toEqual([
        expect.objectContaining({ id: team.data.id, name: 'Exported team', role: 'owner' }),
      ])
      expect(JSON.stringify(json('profile.json'))).not.toContain(b.email)

      // The signature names the account: another id, or no signature, is a 404.
      const forged = r.data.url.replace(`/export/${a.user.id}/`, `/export/${b.user.id}/`)
      expect((await fetch(`${s.url}${forged}`)).status).toBe(404)
      expect((await fetch(`${s.url}/api/file/export/${a.user.id}/zip`)).status).toBe(404)
    })
  })

  describe('deletion', () => {
    const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }

    it('signs out at once, offers to keep the account during the grace period, then purges it once', async () => {
      const a = await account()
      const t = await templateWith(s, 'text')
      const made = await s.call('POST', '/creation/create', {
        token: a.token,
        body: { templateId: t.id, values: await validValues(s, a.token, t) },
      })
      const upload = await uploadImage(s, a.token)
      const checkout = await s.call('POST', '/checkout/create', {
        token: a.token,
        body: { offerId: 'main/payment-49-9', variant: 'checkout' },
      })
      const paid = await s.call('POST', '/checkout/pay', {
        token: a.token,
        body: { checkoutId: checkout.data.checkoutId, ...card },
      })
      expect(paid.data.status).toBe('paid')
      const prefix = (
        await s.db.kysely
          .selectFrom('creations')
          .select('storage_prefix')
          .where('id', '=', made.data.id)
          .executeTakeFirstOrThrow()
      ).storage_prefix

      expect(
        (await s.call('POST', '/user/delete', { token: a.token, body: { password: 'nope nope' } })).code,
      ).toBe(400)
      const asked = await s.call('POST', '/user/delete', { token: a.token, body: { password: a.password } })
      expect(asked.code).toBe(0)
      expect(Date.parse(asked.data.deleteAfter) - s.now()).toBe(7 * DAY)
      expect((await myInfo(a.token)).code).toBe(401)
      expect((await mailbox.next(a.email)).subject).toBe('Your Templet account will be deleted')
      const refused = await login(a.email, a.password)
      expect(refused).toMatchObject({ code: 403, data: { deleteAfter: asked.data.deleteAfter } })

      // Keeping it signs in, and the deletion is off.
      const kept = await s.call('POST', '/user/cancel-deletion', {
        body: { email: a.email, password: a.password },
      })
      expect(kept.code).toBe(0)
      s.advance(8 * DAY)
      expect(await s.parts.accountDeletion.purgeDue()).toBe(0)
      // (Past the session's 7 days: signing in again shows the account is still there.)
      const back = await login(a.email, a.password)
      expect(back.code).toBe(0)

      await s.call('POST', '/user/delete', { token: back.data.token, body: { password: a.password } })
      s.advance(7 * DAY - 1000)
      expect(await s.parts.accountDeletion.purgeDue()).toBe(0)
      s.advance(1000)
      // Two processes purge at once: the account goes once.
      const twin = await s.twin()
      try {
        const counts = await Promise.all([
          s.parts.accountDeletion.purgeDue(),
          twin.parts.accountDeletion.purgeDue(),
        ])
        expect(counts[0] + counts[1]).toBe(1)
      } finally {
        await twin.close()
      }

      expect((await login(a.email, a.password)).code).toBe(401)
      const files: string[] = []
      for await (const o of s.storage.list(`${prefix}/`)) files.push(o.key)
      expect(files).toEqual([])
      const uploadRow = await s.db.kysely
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', upload)
        .executeTakeFirst()
      expect(uploadRow).toBeUndefined()
      const purchases = await s.db.kysely
        .selectFrom('purchases')
        .selectAll()
        .where('user_id', '=', a.user.id)
        .execute()
      expect(purchases).toHaveLength(1)
      expect(purchases[0]).toMatchObject({ status: 'paid', card_last4: null, card_brand: null })
      const tombstone = await s.db.kysely
        .selectFrom('users')
        .selectAll()
        .where('id', '=', a.user.id)
        .executeTakeFirstOrThrow()
      expect(tombstone.email).not.toBe(a.email)
      expect(tombstone.name).not.toContain('user')
      for (const table of ['creations', 'notifications', 'sessions', 'credit_ledger', 'checkouts'] as const) {
        const left = await s.db.kysely
          .selectFrom(table)
          .select('user_id')
          .where('user_id', '=', a.user.id)
          .execute()
        expect(left, table).toHaveLength(0)
      }
      // The address is free again.
      const again = await s.call('POST', '/user/register', { body: { email: a.email, password: a.password } })
      expect(again.code).toBe(0)
    })

    it('stops the account’s API keys with the request, and they work again only if the account is kept', async () => {
      const a = await account()
      const made = await s.call('POST', '/key/create', {
        token: a.token,
        body: { name: 'shop', scopes: ['read', 'render'] },
      })
      const key = made.data.key as string
      const templates = () =>
        fetch(`${s.url}/v1/templates?limit=100`, { headers: { authorization: `Bearer ${key}` } })
      const listed = (await (await templates()).json()) as { data: Array<{ id: number; fields: unknown[] }> }
      expect(listed.data.length).toBeGreaterThan(0)
      const t = await templateWith(s, 'text')
      const credits = async () =>
        (
          await s.db.kysely
            .selectFrom('credit_ledger')
            .select((eb) => eb.fn.sum<number>('delta').as('n'))
            .where('user_id', '=', a.user.id)
            .executeTakeFirstOrThrow()
        ).n
      const before = Number(await credits())

      await s.call('POST', '/user/delete', { token: a.token, body: { password: a.password } })
      const render = await fetch(`${s.url}/v1/renders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ template_id: t.id, values: await validValues(s, a.token, t) }),
      })
      expect(render.status).toBe(401)
      expect(((await render.json()) as { detail: string }).detail).toMatch(
        /being deleted; its keys work again only if its owner signs in and keeps it/,
      )
      expect((await templates()).status).toBe(401)
      expect(Number(await credits())).toBe(before)

      const kept = await s.call('POST', '/user/cancel-deletion', {
        body: { email: a.email, password: a.password },
      })
      expect(kept.code).toBe(0)
      expect((await templates()).status).toBe(200)
    })

    it('purges the brand kit with the account: its font rows and files, its palette, its font links', async () => {
      // Without a grace period the purge follows the request, while the font's link is still signed.
      const quick = await startServer(engine, { DELETION_GRACE_DAYS: '0' })
      try {
        const a = await quick.signUp()
        const font = new FormData()
        const ttf = readFileSync(facesOf('Templet Inter').find((f) => f.weight === 700)?.file ?? '')
        font.append('file', new Blob([new Uint8Array(ttf)]), 'inter.ttf')
        const uploaded = await quick.call('POST', '/font/upload', { token: a.token, form: font })
        expect(uploaded.code).toBe(0)
        await quick.call('POST', '/brand/palette', { token: a.token, body: { colors: ['#112233'] } })
        const { storage_key: fontKey } = await quick.db.kysely
          .selectFrom('brand_fonts')
          .select('storage_key')
          .where('user_id', '=', a.user.id)
          .executeTakeFirstOrThrow()
        expect(await quick.storage.get(fontKey)).toBeDefined()
        expect((await fetch(`${quick.url}${uploaded.data.url}`)).status).toBe(200)

        await quick.call('POST', '/user/delete', { token: a.token, body: { password: a.password } })
        expect(await quick.parts.accountDeletion.purgeDue()).toBe(1)

        expect(await quick.storage.get(fontKey)).toBeUndefined()
        expect((await fetch(`${quick.url}${uploaded.data.url}`)).status).toBe(404)
        for (const table of ['brand_fonts', 'brand_families', 'brand_palettes'] as const) {
          const left = await quick.db.kysely
            .selectFrom(table)
            .select('user_id')
            .where('user_id', '=', a.user.id)
            .execute()
          expect(left, table).toHaveLength(0)
        }
      } finally {
        await quick.close()
      }
    })
  })
})
