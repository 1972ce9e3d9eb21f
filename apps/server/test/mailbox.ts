import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string
  subject: string
  text: string
  html: string
}

/**
 * A real SMTP server on loopback that keeps what it receives: the server under test sends through it with
 * nodemailer (`SMTP_URL`), as it would through a provider's.
 */
export async function startMailbox(): Promise<{
  url: string
  received: ReceivedMail[]
  /** Waits (up to `timeoutMs`) for the next mail to `to` after those already taken, and takes it. */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>
  /** The mails to `to` so far. */
  to(to: string): ReceivedMail[]
  close(): Promise<void>
}> {
  const received: ReceivedMail[] = []
  const taken = new Set<ReceivedMail>()
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((m) => {
          for (const rcpt of session.envelope.rcptTo)
            received.push({
              to: rcpt.address,
              subject: m.subject ?? '',
              text: m.text ?? '',
              html: typeof m.html === 'string' ? m.html : '',
            })
          for (const w of waiters) w()
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  const find = (to: string) => received.find((m) => m.to === to && !taken.has(m))
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (to) => received.filter((m) => m.to === to),
    async next(to, timeoutMs = 10_000) {
      const found = await new Promise<ReceivedMail | undefined>((resolve) => {
        const check = () => {
          const m = find(to)
          if (m) {
            waiters.delete(check)
            clearTimeout(timer)
            resolve(m)
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          resolve(undefined)
        }, timeoutMs)
        waiters.add(check)
        check()
      })
      if (!found) throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
      taken.add(found)
      return found
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The token of the first app link in a mail's text (`/reset-password?token=…`, `/confirm-email?token=…`). */
export function linkToken(mail: ReceivedMail): string {
  const m = /\/(?:reset-password|confirm-email|join)\?token=([\w-]{43})/.exec(mail.text)
  if (!m?.[1]) throw new Error(`no link in the mail "${mail.subject}"`)
  return m[1]
}
