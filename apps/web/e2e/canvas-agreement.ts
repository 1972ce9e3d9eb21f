import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from '@playwright/test'
import { chromiumLaunch } from '../../../chromium'
import { expect, test } from './fixtures'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

/** A picture's RGB pixels, row by row, as sharp gives them. */
export type Raw = { data: Buffer; info: { width: number; height: number; channels: number } }
type Sharp = (
  input: Buffer,
  o?: { raw: { width: number; height: number; channels: 3 } },
) => {
  removeAlpha(): { raw(): { toBuffer(o: { resolveWithObject: true }): Promise<Raw> } }
  png(): { toBuffer(): Promise<Buffer> }
}
const sharp = createRequire(path.join(repoRoot, 'apps/server/package.json'))('sharp') as Sharp

/** An encoded picture (PNG) as its RGB pixels. */
export const rgbOf = (png: Buffer): Promise<Raw> =>
  sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })

/** RGB pixels as a PNG (to look at a disagreement). */
export const pngOf = (raw: Raw): Promise<Buffer> =>
  sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: 3 } })
    .png()
    .toBuffer()

/** The designer's canvas, once the template and its fonts are in. */
export const designCanvas = (page: Page) => page.getByRole('group', { name: /Design|设计/ }).locator('canvas')

/** The pixels the designer's canvas shows. */
export async function canvasPixels(page: Page): Promise<Raw> {
  const png = await designCanvas(page).evaluate((el: HTMLCanvasElement) => el.toDataURL('image/png'))
  return rgbOf(Buffer.from(png.split(',')[1] ?? '', 'base64'))
}

/** The share of pixels of two RGB pictures of one size whose channels all differ by at most `tolerance`. */
export function agreement(
  a: Raw,
  b: Raw,
  tolerance: number,
  region = { x: 0, y: 0, w: a.info.width, h: a.info.height },
): number {
  let same = 0
  let pixels = 0
  for (let y = Math.round(region.y); y < Math.round(region.y + region.h); y++)
    for (let x = Math.round(region.x); x < Math.round(region.x + region.w); x++) {
      pixels++
      const o = (y * a.info.width + x) * 3
      if (
        Math.abs((a.data[o] ?? 0) - (b.data[o] ?? 0)) <= tolerance &&
        Math.abs((a.data[o + 1] ?? 0) - (b.data[o + 1] ?? 0)) <= tolerance &&
        Math.abs((a.data[o + 2] ?? 0) - (b.data[o + 2] ?? 0)) <= tolerance
      )
        same++
    }
  return same / pixels
}

/** The shares of pixels that agree at each of the tolerances the tests report, as an annotation says them. */
export const agreementFigures = (a: Raw, b: Raw) =>
  [0, 8, 16, 24, 40].map((t) => `${t}: ${(agreement(a, b, t) * 100).toFixed(2)} %`).join(', ')

/**
 * The canvas and the server's render of what it shows (`render` at the canvas' width), once `bar` of their pixels
 * agree within `tolerance` (the canvas draws again when a photo or a face has loaded), or as they stand when they
 * still do not after a while.
 */
export async function compared(
  page: Page,
  render: (width: number) => Promise<Raw>,
  bar: number,
  tolerance: number,
  timeoutMs = 10_000,
) {
  let shown: Raw | undefined
  let rendered: Raw | undefined
  let failure = ''
  await expect
    .poll(
      async () => {
        shown = await canvasPixels(page)
        if (!rendered || rendered.info.width !== shown.info.width)
          rendered = await render(shown.info.width).catch((e: Error) => {
            failure = e.message
            return undefined
          })
        if (
          !rendered ||
          rendered.info.width !== shown.info.width ||
          rendered.info.height !== shown.info.height
        )
          return 0
        return agreement(shown, rendered, tolerance)
      },
      { timeout: timeoutMs, intervals: [100, 250, 500] },
    )
    .toBeGreaterThanOrEqual(bar)
    .catch(() => undefined)
  return { shown, rendered, failure }
}

/**
 * The test's page in a Chromium that draws canvas text with the server's text contrast and gamma (Skia's
 * defaults, as @napi-rs/canvas draws) instead of those Chromium is built with on Linux: a renderer reads them
 * from its own command line only, so a wrapper adds them (`server-text-gamma.sh`; the web README, "Text
 * edges"). What is left to differ is where glyphs land and how each rasteriser covers their edges.
 */
export const withServerTextGamma = test.extend<{ page: Page }>({
  page: async ({ server }, use) => {
    const browser = await chromium.launch({
      ...chromiumLaunch,
      args: [
        ...chromiumLaunch.args,
        `--renderer-cmd-prefix=${path.join(repoRoot, 'apps/web/e2e/server-text-gamma.sh')}`,
      ],
    })
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'en-US',
      viewport: { width: 1280, height: 800 },
    })
    await use(await context.newPage())
    await browser.close()
  },
})
