import { designOwnCopy, mouseDrag, saveDesign, documentOf as savedDocument } from './designer-helpers'
import { expect, test } from './fixtures'

interface SavedDocument {
  layers: Array<{ id: string; box?: { x: number; y: number; w: number; h: number } }>
  sizes: Array<{ width: number; guides?: { x?: number[]; y?: number[] } }>
}

test('a guide dragged from the ruler snaps a layer to it, is saved with the template and is there after a reload', async ({
  page,
  server,
}) => {
  const { account, id } = await designOwnCopy(page, server, 'Muriel Cooper')

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

  await saveDesign(page, 2)
  const saved = await savedDocument<SavedDocument>(server, account.token, id)
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
