// Proves the designer embeds for real: the packed tarballs of @templet/designer and the packages it is made
// of, installed into a scratch Vite React app outside the workspace, build and render the designer in Chromium.
import { expect, test } from '@playwright/test'
import { type ConsumerApp, startConsumerApp } from '../../../../pack-consumer'

let app: ConsumerApp

test.beforeAll(async () => {
  app = await startConsumerApp({
    name: 'designer-consumer',
    specDir: import.meta.dirname,
    packages: ['designer', 'template', 'ui', 'fonts'],
  })
})

test.afterAll(() => app?.stop())

test('the packed designer renders, draws and edits a document in an app outside the workspace', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(app.baseURL)
  const canvas = page.getByRole('group', { name: 'Design' })
  await expect(canvas).toBeVisible()
  // The model drew the document: the dot's middle is its fill (the canvas at zoom 0.5 and the screen's ratio).
  const dotColour = () =>
    canvas.locator('canvas').evaluate((el: HTMLCanvasElement) => {
      const k = el.width / 600
      return [...(el.getContext('2d')?.getImageData(300 * k, 400 * k, 1, 1).data ?? [])]
    })
  await expect.poll(dotColour).toEqual([244, 162, 89, 255])
  await expect(
    page.getByRole('navigation', { name: 'Layers' }).getByRole('button', { name: 'Title', exact: true }),
  ).toBeVisible()
  // Select and nudge with the keyboard; the host hears the change; undo takes it back.
  const dot = page.locator('[data-layer="dot"]')
  await dot.focus()
  await page.keyboard.press('Shift+ArrowRight')
  await expect(page.getByTestId('changes')).toHaveText('1 changes')
  await expect(page.getByLabel('X', { exact: true })).toHaveValue('260')
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(page.getByLabel('X', { exact: true })).toHaveValue('250')
  // The Add menu, a primitive of the shipped shell, opens and adds a layer.
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Rectangle' }).click()
  await expect(
    page.getByRole('navigation', { name: 'Layers' }).getByRole('button', { name: 'Rectangle', exact: true }),
  ).toBeVisible()
  expect(errors).toEqual([])
  await page.screenshot({ path: test.info().outputPath('designer-consumer.png') })
})
