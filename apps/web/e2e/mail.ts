import type { Page } from '@playwright/test'
import { expect, type TempletServer } from './fixtures'

/** The path and query of the first link of the newest mail to `to` whose subject is `subject` (the outbox page). */
export async function mailLink(page: Page, server: TempletServer, to: string, subject: string) {
  const mail = page.getByRole('article').filter({ hasText: to }).filter({ hasText: subject }).first()
  // The mail leaves in the background after the answer, and the outbox page is drawn by the server: it is
  // read again until the mail is there.
  await expect(async () => {
    await page.goto(`${server.url}/dev/outbox`)
    await expect(mail).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  const href = await mail.getByRole('link').first().getAttribute('href')
  if (!href) throw new Error('the mail has no link')
  // The mail's links use the server's public address; the page is the same app.
  const url = new URL(href)
  return `${url.pathname}${url.search}`
}

/** Opens the newest mail to `to` whose subject is `subject` on the outbox page and follows its link. */
export async function followMailLink(page: Page, server: TempletServer, to: string, subject: string) {
  await page.goto(await mailLink(page, server, to, subject))
}
