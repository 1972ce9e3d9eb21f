import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Transporter } from 'nodemailer'

/** One mail, already in the reader's language. */
export interface Mail {
  to: string
  subject: string
  text: string
  html: string
}

/** What the outbox keeps beside each `.eml` file, for the development page that lists them. */
export interface OutboxEntry extends Mail {
  file: string
  sentAt: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
}

/**
 * Mail through the SMTP server at `smtpUrl` (nodemailer), or, without one, into `outboxDir`: each mail as an
 * `.eml` file (what an SMTP server would have received) and a `.json` of its parts for the outbox page, so
 * that every flow works on `npm start` with nothing else installed.
 */
export function createMailer(o: { smtpUrl: string | undefined; from: string; outboxDir: string }): Mailer {
  // nodemailer is loaded by the first mail, not at the process's start.
  let transport: Promise<Transporter> | undefined
  const open = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer')
    return o.smtpUrl
      ? nodemailer.createTransport(o.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  }
  return {
    async send(mail) {
      transport ??= open()
      const info = await (await transport).sendMail({ from: o.from, ...mail })
      if (o.smtpUrl) return
      const sentAt = new Date()
      const base = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`
      await fs.mkdir(o.outboxDir, { recursive: true })
      await fs.writeFile(path.join(o.outboxDir, `${base}.eml`), info.message as Buffer)
      const entry: OutboxEntry = { ...mail, file: `${base}.eml`, sentAt: sentAt.toISOString() }
      // Written aside and renamed: the outbox page never reads half a file.
      const listed = path.join(o.outboxDir, `${base}.json`)
      await fs.writeFile(`${listed}.part`, JSON.stringify(entry))
      await fs.rename(`${listed}.part`, listed)
    },
  }
}

/** The outbox's mails, newest first (at most `limit`). */
export async function readOutbox(outboxDir: string, limit = 100): Promise<OutboxEntry[]> {
  const names = await fs.readdir(outboxDir).catch(() => [] as string[])
  const newest = names
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse()
    .slice(0, limit)
  const entries = await Promise.all(
    newest.map(async (n) => JSON.parse(await fs.readFile(path.join(outboxDir, n), 'utf8')) as OutboxEntry),
  )
  return entries
}
