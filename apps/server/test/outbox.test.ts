import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness'

describe('mail without an SMTP server', () => {
  let s: TestServer
  let production: TestServer
  beforeAll(async () => {
    s = await startServer('sqlite')
    production = await startServer('sqlite', { NODE_ENV: 'production' })
  })
  afterAll(async () => {
    await s.close()
    await production.close()
  })

  const outbox = (dir: string) => path.join(dir, 'outbox')
  /** Waits (bounded) for the outbox to hold a mail to `to`; the mail is written after the answer. */
  async function mailTo(dir: string, to: string): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const names = fs.existsSync(outbox(dir))
        ? fs.readdirSync(outbox(dir)).filter((n) => n.endsWith('.eml'))
        : []
      for (const n of names) {
        const eml = fs.readFileSync(path.join(outbox(dir), n), 'utf8')
        if (eml.includes(`To: ${to}`)) return eml
      }
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`no mail to ${to} in the outbox`)
  }

  it('writes each mail to DATA_DIR/outbox as an .eml and lists it on /dev/outbox', async () => {
    const a = await s.signUp()
    const eml = await mailTo(s.dataDir, a.email)
    expect(eml).toContain('Subject: Confirm your email address for Templet')
    expect(eml).toContain('Content-Type: text/html')
    // The page lists a mail once its parts are written, just after the .eml: read again until it does.
    let html = ''
    for (let i = 0; i < 100 && !html.includes(a.email); i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 50))
      const page = await fetch(`${s.url}/dev/outbox`)
      expect(page.status).toBe(200)
      html = await page.text()
    }
    expect(html).toContain(a.email)
    expect(html).toMatch(/<a href="http:\/\/[^"]+\/confirm-email\?token=[\w-]{43}">/)
  })

  it('serves no outbox page in production', async () => {
    const a = await production.signUp()
    await mailTo(production.dataDir, a.email)
    const page = await fetch(`${production.url}/dev/outbox`)
    expect(await page.text()).not.toContain(a.email)
  })
})
