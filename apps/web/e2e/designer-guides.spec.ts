import type { Page } from '@playwright/test'
import { apiAs, expect, registerUser, signIn, test } from './fixtures'

interface SavedDocument {
  layers: Array<{ id: string; box?: { x: number; y: number; w: number; h: number } }>
  sizes: Array<{ width: number; guides?: { x?: number[]; y?: number[] } }>
}

async function documentOf(server: Parameters<typeof apiAs>[0], token: string, id: number) {
  const r = await apiAs(server, token, 'GET', `/template/document?id=${id}`)
  return r.data as { version: number; document: SavedDocument }
}

/** Presses the mouse at (x, y) and takes it to (x2, y2) in 10 steps before letting go. */
async function mouseDrag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  for (let step = 1; step <= 10; step++)
    await page.mouse.move(from.x + ((to.x - from.x) * step) / 10, from.y + ((to.y - from.y) * step) / 10)
  await page.mouse.up()
}

test('a guide dragged from the ruler snaps a layer to it, is saved with the template and is there after a reload', async ({
  page,
  server,
}) => {
  const account = await registerUser(server, 'Muriel Cooper')
  const { id: catalogueId } = (
    (await apiAs(server, account.token, 'GET', '/template/list?q=bold%20quote&pageSize=100')).data as Array<{
      id: number
      slug: string
    }>
  ).find((t) => t.slug === 'bold-quote') ?? { id: 0 }
  const copy = await apiAs(server, account.token, 'POST', '/template/duplicate', { id: catalogueId })
  const id = (copy.data as { id: number }).id
  await signIn(page, account, `/templates/${id}/design`)
  await expect(page.getByTestId('save-state')).toHaveText('Saved · version 1')

  // The rulers, from the View menu.
  await page.getByRole('button', { name: 'View' }).click()
  const rulersItem = page.getByRole('menuitemcheckbox', { name: 'Rulers (Shift+R)' })
  await rulersItem.click()
  await expect(rulersItem).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('Escape')
  const topRuler = page.locator('[data-ruler="top"]')
  await expect(topRuler).toBeVisible()

  const surface = page.locator('[data-slot="designer-canvas"]')
  const page0 = await surface.boundingBox()
  const ruler = await topRuler.boundingBox()
  if (!page0 || !ruler) throw new Error('the design or its ruler is not on screen')
  const zoom = page0.width / 1080
  // A horizontal guide pulled down from the top ruler to 700 design px.
  await mouseDrag(
    page,
    { x: page0.x + page0.width / 2, y: ruler.y + ruler.height / 2 },
    { x: page0.x + page0.width / 2, y: page0.y + 700 * zoom },
  )
  const guide = page.getByRole('slider', { name: 'Horizontal guide' })
  await expect(guide).toHaveCount(1)
  const at = Number(await guide.getAttribute('aria-valuenow'))
  expect(at).toBeGreaterThan(695)
  expect(at).toBeLessThan(705)

  // The rule (72 × 6 at y 830) dragged up to 2 CSS px below the guide: its top snaps onto it.
  const rule = page.locator('[data-layer="rule"]')
  const r = await rule.boundingBox()
  if (!r) throw new Error('the rule is not on screen')
  const centre = { x: r.x + r.width / 2, y: r.y + r.height / 2 }
  await mouseDrag(page, centre, { x: centre.x, y: centre.y + (at - 830) * zoom + 2 })
  await expect(page.getByTestId('save-state')).toHaveText(/Unsaved changes/)

  const answered = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/template/save' && res.request().method() === 'POST',
    { timeout: 0 },
  )
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  expect(((await (await answered).json()) as { code: number }).code).toBe(0)
  await expect(page.getByTestId('save-state')).toHaveText('Saved · version 2')
  const saved = await documentOf(server, account.token, id)
  expect(saved.document.sizes[0]?.guides).toEqual({ y: [at] })
  expect(saved.document.sizes[1]?.guides).toBeUndefined()
  expect(saved.document.layers.find((l) => l.id === 'rule')?.box?.y).toBe(at)

  // A reload opens the saved version: the guide is where it was, and the rulers are still shown.
  await page.reload()
  await expect(page.getByTestId('save-state')).toHaveText('Saved · version 2')
  await expect(page.getByRole('slider', { name: 'Horizontal guide' })).toHaveAttribute(
    'aria-valuenow',
    String(at),
  )
  await expect(page.locator('[data-ruler="top"]')).toBeVisible()
})
