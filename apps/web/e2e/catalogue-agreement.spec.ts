import { writeFile } from 'node:fs/promises'
import {
  agreement,
  agreementFigures,
  compared,
  designCanvas,
  pngOf,
  type Raw,
  rgbOf,
  withServerTextGamma,
} from './canvas-agreement'
import { documentOf } from './designer-helpers'
import { apiAs, expect, registerUser, signIn, type TempletServer } from './fixtures'

/** The tests the catalogue is dealt into, so that Playwright spreads them over its workers. */
const PARTS = 6
/** The share of pixels that must agree within {@link TOLERANCE} of 255 (issue #44). */
const BAR = 0.99
const TOLERANCE = 16
/**
 * Photos drawn small agree at the bar: the server decodes a photo at the pixels it is drawn at, each side rounded up,
 * and the designer fits the whole photo by that same decoded size (`decodedImageSizes`), so both put it on the same
 * pixels. Figures a text asks for (the schedule's tabular times, Playfair Display's lining figures) agree since
 * Skia draws them from faces whose character maps reach those glyphs, which FreeType then fits as it fits letters
 * (ADR 0212): reached by shaping alone, they were rastered up to half a pixel off (98.47-98.96 % within 16).
 */

interface CatalogueDoc {
  sizes: Array<{ id: string }>
  pages?: Array<{ name: string }>
  samples: { en: Record<string, string> }
}

/** Every catalogue template as the API lists it (a new account has none of its own), by slug. */
async function catalogue(server: TempletServer, token: string) {
  const rows: Array<{ id: number; slug: string }> = []
  for (let page = 1; ; page++) {
    const list = await apiAs(server, token, 'GET', `/template/list?pageSize=100&page=${page}`)
    const got = list.data as Array<{ id: number; slug: string }>
    rows.push(...got.filter((t) => t.slug))
    if (got.length < 100) break
  }
  return rows.sort((a, b) => a.slug.localeCompare(b.slug))
}

/** The server's preview of one size and page of a template with its English samples, `width` px wide. */
async function serverRender(
  server: TempletServer,
  token: string,
  ask: { templateId: number; sizeId: string; page: number; values: Record<string, string> },
  width: number,
): Promise<Raw> {
  const answer = await fetch(`${server.url}/api/creation/preview`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bucket ${token}` },
    body: JSON.stringify({ ...ask, locale: 'en', format: 'png', width }),
  })
  if (answer.headers.get('content-type') !== 'image/png') throw new Error(await answer.text())
  return rgbOf(Buffer.from(await answer.arrayBuffer()))
}

// In a Chromium with the server's text gamma, where only each rasteriser's edge coverage differs (see
// designer.spec.ts, "the browser draws what the server renders"). Measured on 2026-12-03 (63 templates, 143 sizes
// and pages, 49 s on 2 workers): every one at 99.12-99.88 % within 16 of 255, the lowest the edges of photos drawn
// small, which each side resamples with its own filter (dish-special), and of small text (event-ticket).
withServerTextGamma.describe(
  'every catalogue template draws in the designer as the server renders it',
  () => {
    // Parts in parallel: each worker takes its own.
    withServerTextGamma.describe.configure({ mode: 'parallel', timeout: 600_000 })
    for (let part = 0; part < PARTS; part++)
      withServerTextGamma(
        `each size and page of the catalogue's templates, part ${part + 1} of ${PARTS}`,
        async ({ page, server }) => {
          const account = await registerUser(server, 'Claude Garamond')
          const templates = (await catalogue(server, account.token)).filter((_, i) => i % PARTS === part)
          expect(templates.length).toBeGreaterThan(0)
          const disagreements: string[] = []
          let signedIn = false
          for (const { id, slug } of templates) {
            const { document } = await documentOf<CatalogueDoc>(server, account.token, id)
            const url = `/templates/${id}/design`
            if (signedIn) await page.goto(url)
            else await signIn(page, account, url)
            signedIn = true
            await expect(designCanvas(page)).toBeVisible({ timeout: 60_000 })
            const pages = document.pages ?? [{ name: 'Page 1' }]
            for (const size of document.sizes) {
              await page.getByRole('combobox', { name: 'Size' }).selectOption(size.id)
              for (const [index, { name }] of pages.entries()) {
                if (pages.length > 1) {
                  const button = page
                    .getByRole('region', { name: 'Pages' })
                    .getByRole('button', { name: `Page ${index + 1}: ${name}`, exact: true })
                  await button.click()
                  await expect(button).toHaveAttribute('aria-current', 'page')
                }
                const what = `${slug} ${size.id} page ${index + 1}`
                const { shown, rendered, failure } = await compared(
                  page,
                  (width) =>
                    serverRender(
                      server,
                      account.token,
                      { templateId: id, sizeId: size.id, page: index, values: document.samples.en },
                      width,
                    ),
                  BAR,
                  TOLERANCE,
                )
                if (!shown || !rendered || rendered.info.width !== shown.info.width) {
                  disagreements.push(`${what}: no render of the canvas' size ${failure}`)
                  continue
                }
                const figures = agreementFigures(shown, rendered)
                withServerTextGamma
                  .info()
                  .annotations.push({ type: 'agreement', description: `${what}: ${figures}` })
                if (agreement(shown, rendered, TOLERANCE) >= BAR) continue
                disagreements.push(`${what}: ${figures}`)
                const file = what.replace(/ /g, '-')
                await writeFile(
                  withServerTextGamma.info().outputPath(`${file}-canvas.png`),
                  await pngOf(shown),
                )
                await writeFile(
                  withServerTextGamma.info().outputPath(`${file}-server.png`),
                  await pngOf(rendered),
                )
              }
            }
          }
          expect(disagreements).toEqual([])
        },
      )
  },
)
