import type { Page } from '@playwright/test'
import { apiAs, expect, registerUser, signIn, type TempletServer } from './fixtures'

/** The id of a catalogue template, by its slug. */
export async function catalogueId(server: TempletServer, token: string, slug: string): Promise<number> {
  const list = await apiAs(
    server,
    token,
    'GET',
    `/template/list?q=${encodeURIComponent(slug.replace(/-/g, ' '))}&pageSize=100`,
  )
  const row = (list.data as Array<{ id: number; slug: string }>).find((t) => t.slug === slug)
  if (!row) throw new Error(`${slug} is not in the catalogue`)
  return row.id
}

/** The id of the caller's own copy (Duplicate) of a catalogue template. */
export async function ownCopy(server: TempletServer, token: string, slug: string): Promise<number> {
  const id = await catalogueId(server, token, slug)
  const copy = await apiAs(server, token, 'POST', '/template/duplicate', { id })
  return (copy.data as { id: number }).id
}

/** Signs a new customer in on the designer of their own copy of bold-quote, once it says it is saved. */
export async function designOwnCopy(page: Page, server: TempletServer, name: string) {
  const account = await registerUser(server, name)
  const id = await ownCopy(server, account.token, 'bold-quote')
  await signIn(page, account, `/templates/${id}/design`)
  await expect(page.getByTestId('save-state')).toHaveText('Saved · version 1')
  return { account, id }
}

/** A template's latest saved document, as the spec reads it (`D`: the parts it looks at). */
export async function documentOf<D>(server: TempletServer, token: string, id: number) {
  const r = await apiAs(server, token, 'GET', `/template/document?id=${id}`)
  return r.data as { id: number; version: number; name: string; document: D }
}

/**
 * Clicks Save and waits for that save's own answer from the server (however long a busy machine takes), then
 * for the page to say which version it saved.
 */
export async function saveDesign(page: Page, version: number) {
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/template/save' && r.request().method() === 'POST',
    // Bounded by the test's own time limit, not a clock of its own.
    { timeout: 0 },
  )
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  const answer = await answered
  const body = (await answer.json()) as { code: number; msg: string }
  expect(body.code, body.msg).toBe(0)
  await expect(page.getByTestId('save-state')).toHaveText(`Saved · version ${version}`)
}

/** Presses the mouse at `from` and takes it to `to` in 10 steps before letting go. */
export async function mouseDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(from.x + ((to.x - from.x) * step) / 10, from.y + ((to.y - from.y) * step) / 10)
  await page.mouse.up()
}
