import { designOwnCopy, mouseDrag, saveDesign, documentOf as savedDocument } from './designer-helpers'
import { expect, test } from './fixtures'

interface SavedDocument {
  layers: Array<{ id: string; group?: string; box?: { x: number; y: number; w: number; h: number } }>
  groups?: Array<{ id: string; name: string }>
}

test('two layers grouped with Ctrl+G move together, are a group after a save and a reload, and ungroup', async ({
  page,
  server,
}) => {
  const { account, id } = await designOwnCopy(page, server, 'Josef Albers')

  // The rule (72 × 6 at 96, 830) and the handle (at 540, 994), then Ctrl+G.
  await page.locator('[data-layer="rule"]').click()
  await page.locator('[data-layer="handle"]').click({ modifiers: ['Shift'] })
  await expect(page.getByText('2 layers selected')).toBeVisible()
  await page.keyboard.press('Control+g')
  const layers = page.getByRole('navigation', { name: 'Layers' })
  const row = layers.getByRole('button', { name: 'Group 1, a group of 2 layers' })
  await expect(row).toHaveAttribute('aria-pressed', 'true')

  // A click away, then a drag of the rule alone: the whole group moves by the same amount.
  await layers.getByRole('button', { name: 'quote', exact: true }).click()
  const rule = await page.locator('[data-layer="rule"]').boundingBox()
  if (!rule) throw new Error('the rule is not on screen')
  const centre = { x: rule.x + rule.width / 2, y: rule.y + rule.height / 2 }
  await mouseDrag(page, centre, { x: centre.x + 37, y: centre.y - 53 })
  await expect(page.getByTestId('save-state')).toHaveText(/Unsaved changes/)
  await saveDesign(page, 2)
  const saved = (await savedDocument<SavedDocument>(server, account.token, id)).document
  const box = (layer: string) => saved.layers.find((l) => l.id === layer)?.box
  const dx = (box('rule')?.x ?? 0) - 96
  const dy = (box('rule')?.y ?? 0) - 830
  expect(dx).not.toBe(0)
  expect(dy).not.toBe(0)
  expect((box('handle')?.x ?? 0) - 540).toBeCloseTo(dx, 6)
  expect((box('handle')?.y ?? 0) - 994).toBeCloseTo(dy, 6)
  expect(saved.groups).toEqual([{ id: 'group', name: 'Group 1' }])
  expect(saved.layers.filter((l) => l.group === 'group').map((l) => l.id)).toEqual(['rule', 'handle'])

  // After a reload the group is there; its row selects it, and Ctrl+Shift+G ungroups.
  await page.reload()
  await expect(page.getByTestId('save-state')).toHaveText('Saved · version 2')
  const again = page.getByRole('navigation', { name: 'Layers' }).getByRole('button', {
    name: 'Group 1, a group of 2 layers',
  })
  await again.click()
  await expect(page.getByText('2 layers selected')).toBeVisible()
  await page.keyboard.press('Control+Shift+G')
  await expect(again).toHaveCount(0)
  await saveDesign(page, 3)
  const ungrouped = (await savedDocument<SavedDocument>(server, account.token, id)).document
  expect(ungrouped.groups).toBeUndefined()
  expect(ungrouped.layers.some((l) => l.group !== undefined)).toBe(false)
})
