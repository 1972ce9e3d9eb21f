import { canvasPixels, designCanvas, type Raw, rgbOf } from './canvas-agreement'
import { documentOf, ownCopy, saveDesign } from './designer-helpers'
import { apiAs, expect, registerUser, signIn, test } from './fixtures'

const BRAND = [0xe4, 0x57, 0x2e] as const
const CREATED = 'Your image is ready'

/** The box of the pixels within 24 of the brand colour on every channel inside `region`, and how many. */
function brandBox(p: Raw, region: { x: number; y: number; w: number; h: number }) {
  let [minX, maxX, n] = [Number.POSITIVE_INFINITY, -1, 0]
  for (let y = region.y; y < region.y + region.h; y++)
    for (let x = region.x; x < region.x + region.w; x++) {
      const o = (y * p.info.width + x) * 3
      if (BRAND.every((c, k) => Math.abs((p.data[o + k] ?? 0) - c) <= 24)) {
        n++
        minX = Math.min(minX, x)
        maxX = Math.max(maxX, x)
      }
    }
  return { n, minX, maxX }
}

/** How many pixels inside `region` are nearly white (the text's own colour here). */
function whiteLeftOf(p: Raw, region: { x: number; y: number; w: number; h: number }, x: number) {
  let n = 0
  for (let y = region.y; y < region.y + region.h; y++)
    for (let col = region.x; col < Math.min(x, region.x + region.w); col++) {
      const o = (y * p.info.width + col) * 3
      if ([0, 1, 2].every((k) => (p.data[o + k] ?? 0) > 230)) n++
    }
  return n
}

test('a word coloured on the canvas is saved as a colour run and is that colour in the server’s download', async ({
  page,
  server,
}) => {
  test.setTimeout(240_000)
  const account = await registerUser(server, 'Grace Hopper')
  await apiAs(server, account.token, 'POST', '/brand/palette', { colors: ['#e4572e'] })
  const id = await ownCopy(server, account.token, 'bold-quote')
  await signIn(page, account, `/templates/${id}/design`)
  await expect(page.getByTestId('save-state')).toHaveText('Saved · version 1')

  // A new white text over the dark card, its words typed on the canvas.
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Text', exact: true }).click()
  const layer = page.locator('[data-layer][aria-pressed="true"]')
  await expect(layer).toHaveAccessibleName('Text')
  await page.getByLabel('Colour', { exact: true }).and(page.locator('input[type="text"]')).fill('#ffffff')
  await layer.focus()
  await layer.press('Enter')
  const words = page.getByRole('textbox', { name: 'Words of Text' })
  await expect(words).toBeFocused()
  await words.fill('Big sale now')
  // "sale" selected with the keyboard, then the brand's colour from the word tools.
  await words.press('Home')
  for (let i = 0; i < 4; i++) await words.press('ArrowRight')
  for (let i = 0; i < 4; i++) await words.press('Shift+ArrowRight')
  await page
    .getByRole('toolbar', { name: 'Selected words', exact: true })
    .getByRole('button', { name: 'Colour the selected words #e4572e' })
    .click()
  await expect(words).toHaveValue('Big [#e4572e]sale[/] now')
  await words.press('Control+Enter')
  await expect(words).toHaveCount(0)

  await saveDesign(page, 2)
  const saved = await documentOf<{
    format: number
    layers: Array<{ type: string; text?: unknown; box?: { x: number; y: number; w: number; h: number } }>
  }>(server, account.token, id)
  const placed = saved.document.layers.find((l) => l.type === 'text' && l.text === 'Big [#e4572e]sale[/] now')
  expect(placed?.box).toBeDefined()
  // Saved in a format that reads colour runs (2 on).
  expect(saved.document.format).toBeGreaterThanOrEqual(2)
  const box = placed?.box ?? { x: 0, y: 0, w: 0, h: 0 }

  // The designer's canvas at actual size (the download's pixels): "sale" in the brand colour, "Big" white.
  await page.getByRole('button', { name: 'Actual size' }).click()
  await expect.poll(() => designCanvas(page).evaluate((el: HTMLCanvasElement) => el.width)).toBe(1080)
  const shown = brandBox(await canvasPixels(page), box)

  // The creation made from version 2, as the customer downloads it.
  await page.goto(`/templates/${id}/edit`)
  await page.getByRole('button', { name: /^Create/ }).click()
  await expect(page.getByText(CREATED)).toBeVisible()
  const list = await apiAs(server, account.token, 'GET', '/creation/list?page=1&pageSize=10')
  const made = (list.data as Array<{ id: number; templateVersion: number }>)[0]
  expect(made?.templateVersion).toBe(2)
  const detail = await apiAs(server, account.token, 'GET', `/creation/detail?id=${made?.id}`)
  const png = (detail.data as { files: { png: string } }).files.png
  const download = await rgbOf(Buffer.from(await (await fetch(new URL(png, server.url))).arrayBuffer()))
  expect(download.info.width).toBe(1080)
  const rendered = brandBox(download, box)
  test.info().annotations.push({
    type: 'brand pixels',
    description: `canvas ${JSON.stringify(shown)}, download ${JSON.stringify(rendered)}`,
  })
  // The word's letters are the brand colour, where the designer showed them; the words before it are white.
  expect(rendered.n).toBeGreaterThan(100)
  expect(Math.abs(rendered.minX - shown.minX)).toBeLessThanOrEqual(3)
  expect(Math.abs(rendered.maxX - shown.maxX)).toBeLessThanOrEqual(3)
  expect(rendered.minX).toBeGreaterThan(box.x + 20)
  expect(whiteLeftOf(download, box, rendered.minX)).toBeGreaterThan(100)
})
