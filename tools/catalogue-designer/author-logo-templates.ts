/**
 * How the catalogue's two templates with a logo were made: the catalogue workflow driven in Chromium, step by
 * step as an author works (a new template from an existing one, Add > Fixed image with the catalogue's logo,
 * each layer placed through the properties panel in each size, Save). Kept to show the workflow scripted and
 * to make them again: `pnpm --filter @templet/catalogue-designer author-logo-templates` (a template
 * whose file exists is left alone; delete the file first to make it again).
 */
import { existsSync } from 'node:fs'
import { chromium, type Page } from '@playwright/test'
import { SAMPLES_DIR } from '@templet/catalogue'
import { chromiumLaunch } from '../../chromium'
import { catalogueDirs } from './catalogue-host'
import { serveCatalogueDesigner } from './serve'

type Box = { x: number; y: number; w: number; h: number }

interface Recipe {
  id: string
  from: string
  name: { en: string; 'zh-CN': string }
  logo: string
  /** Each size's boxes, by layer id (`logo`: the placed image). */
  boxes: Record<string, Record<string, Box>>
}

const RECIPES: Recipe[] = [
  {
    id: 'hiring-post-logo',
    from: 'job-posting',
    name: { en: 'Hiring post with logo', 'zh-CN': '招聘帖（带标志）' },
    logo: 'logo-peak',
    boxes: {
      square: { logo: { x: 90, y: 940, w: 84, h: 84 }, company: { x: 194, y: 960, w: 796, h: 44 } },
      portrait: { logo: { x: 90, y: 1210, w: 84, h: 84 }, company: { x: 194, y: 1230, w: 796, h: 44 } },
      linkedin: { logo: { x: 64, y: 540, w: 64, h: 64 }, company: { x: 144, y: 550, w: 620, h: 44 } },
    },
  },
  {
    id: 'newsletter-header-logo',
    from: 'newsletter-header',
    name: { en: 'Newsletter header with logo', 'zh-CN': '邮件通讯页眉（带标志）' },
    logo: 'logo-fern',
    boxes: {
      email: {
        logo: { x: 64, y: 36, w: 64, h: 64 },
        brand: { x: 144, y: 51, w: 520, h: 34 },
        rule: { x: 64, y: 118, w: 48, h: 4 },
        headline: { x: 64, y: 136, w: 600, h: 178 },
      },
      link: {
        logo: { x: 64, y: 56, w: 72, h: 72 },
        brand: { x: 152, y: 75, w: 512, h: 34 },
        rule: { x: 64, y: 150, w: 48, h: 4 },
        headline: { x: 64, y: 176, w: 600, h: 320 },
      },
    },
  },
]

const panel = (page: Page) => page.locator('[data-slot="properties-panel"]')

/** Selects a layer in the layers panel and types its box into the properties panel. */
async function place(page: Page, layer: string, box: Box) {
  await page.locator(`[data-layer-select="${layer}"]`).click()
  for (const [label, value] of [
    ['X', box.x],
    ['Y', box.y],
    ['Width', box.w],
    ['Height', box.h],
  ] as const) {
    const input = panel(page).getByRole('textbox', { name: label, exact: true })
    await input.fill(String(value))
    await input.blur()
  }
}

async function author(page: Page, base: string, r: Recipe) {
  await page.goto(`${base}/?id=${r.id}&from=${r.from}`)
  await page.getByTestId('catalogue-status').getByText(`from "${r.from}"`).waitFor()
  await page.getByLabel('Name', { exact: true }).fill(r.name.en)
  await page.getByLabel('Name (zh-CN)', { exact: true }).fill(r.name['zh-CN'])
  // Add > Fixed image: the catalogue's logo file, placed as a fixed image of the catalogue's own.
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('menuitem', { name: /Fixed image/ }).click()
  await (await chooser).setFiles(`${SAMPLES_DIR}/${r.logo}.png`)
  const logo = page.locator('[data-layer-select="logo"]')
  await logo.waitFor()
  for (const [sizeId, boxes] of Object.entries(r.boxes)) {
    // The toolbar's size menu: the one select that offers this size.
    await page.locator('select', { has: page.locator(`option[value="${sizeId}"]`) }).selectOption(sizeId)
    for (const [layer, box] of Object.entries(boxes)) await place(page, layer, box)
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByTestId('catalogue-status').getByText(`Saved catalogue/templates/${r.id}.json`).waitFor()
}

const port = Number(process.env.PORT ?? 5191)
const server = await serveCatalogueDesigner(port)
const browser = await chromium.launch(chromiumLaunch)
try {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
  for (const r of RECIPES) {
    if (existsSync(`${catalogueDirs().templates}/${r.id}.json`)) {
      console.log(`${r.id}: its file exists, left alone`)
      continue
    }
    await author(page, `http://127.0.0.1:${port}`, r)
    console.log(`${r.id}: saved`)
  }
} finally {
  await browser.close()
  await server.close()
}
