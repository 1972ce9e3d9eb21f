import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { agreement, agreementFigures, canvasPixels, type Raw } from './canvas-agreement'
import { designOwnCopy, documentOf, saveDesign } from './designer-helpers'
import { expect, test } from './fixtures'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
type Sharp = (input: Buffer) => {
  removeAlpha(): { raw(): { toBuffer(o: { resolveWithObject: true }): Promise<Raw> } }
}
const sharp = createRequire(path.join(repoRoot, 'apps/server/package.json'))('sharp') as Sharp

test('a library family picked in the font browser is drawn at once, saved, and the server draws it', async ({
  page,
  server,
}) => {
  const { account, id } = await designOwnCopy(page, server, 'Matthew Carter')
  // The canvas shows the template's samples: the server is asked for the same values.
  const { document: design } = await documentOf<{ samples: { en: Record<string, string> } }>(
    server,
    account.token,
    id,
  )
  const preview = async (width: number) => {
    const answer = await fetch(`${server.url}/api/creation/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bucket ${account.token}` },
      body: JSON.stringify({
        templateId: id,
        values: design.samples.en,
        locale: 'en',
        format: 'png',
        maxSide: width,
      }),
    })
    expect(answer.headers.get('content-type')).toBe('image/png')
    return sharp(Buffer.from(await answer.arrayBuffer()))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
  }
  const lobster = () =>
    page.evaluate(() =>
      [...document.fonts].some(
        (f) => f.family.replace(/"/g, '') === 'Templet Library lobster' && f.status === 'loaded',
      ),
    )
  expect(await lobster()).toBe(false)
  const before = await canvasPixels(page)
  const renderedBefore = await preview(before.info.width)
  await page.locator('[data-layer="quote"]').click()
  await page.getByRole('button', { name: 'Browse fonts' }).click()
  await page.getByRole('combobox', { name: 'Search fonts' }).fill('Lobster')
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Font', { exact: true })).toHaveValue('lib-lobster')
  // Its face comes from the server as WOFF2, and the canvas draws again with it.
  // The first use of a face converts it on the server (a worker thread): slow beside other work, so a bound of 60 s.
  await expect.poll(lobster, { timeout: 60_000 }).toBe(true)
  await saveDesign(page, 2)
  const saved = await documentOf<{ layers: Array<{ id: string; font?: unknown }> }>(server, account.token, id)
  expect(saved.document.layers.find((l) => l.id === 'quote')?.font).toBe('lib-lobster')
  await page.keyboard.press('Escape')

  // The canvas drew again in Lobster, and the server's picture of the saved design is Lobster's, not the
  // version before's (the figures of the canvas against it are kept as an annotation).
  const shown = await canvasPixels(page)
  expect(agreement(shown, before, 0)).toBeLessThan(0.99)
  const rendered = await preview(shown.info.width)
  expect(agreement(rendered, renderedBefore, 0)).toBeLessThan(0.99)
  test.info().annotations.push({ type: 'agreement', description: agreementFigures(shown, rendered) })
})
