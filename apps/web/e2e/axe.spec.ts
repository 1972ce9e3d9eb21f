import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import {
  type Account,
  apiAs,
  expect,
  PUBLIC_PATHS,
  registerUser,
  storeSession,
  type TempletServer,
  test,
} from './fixtures'

/**
 * axe over every screen of the app, as each kind of visitor sees it: signed out and signed in, English and
 * Chinese, desktop and phone, light and dark. The WCAG 2.x A and AA rules; 0 violations. A route added to the
 * route table without a screen here fails the first test, so the sweep stays whole.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const routesFile = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/router/routes.tsx')

/** What an account needs so that every signed-in screen has something to show: a creation and a receipt. */
interface Subjects {
  account: Account
  typeId: number
  templateId: number
  creationId: number
  purchaseId: number
}

async function subjects(server: TempletServer): Promise<Subjects> {
  const account = await registerUser(server, 'Axe Visitor')
  const list = await apiAs(server, account.token, 'GET', '/template/list?pageSize=100')
  // The poster with a required photo: its editor shows an image field, a size switch and the photo's rule.
  const templates = list.data as { id: number; typeId: number; name: string }[]
  const poster = templates.find((t) => t.name === 'Exhibition poster') ?? templates[0]
  const plain = templates.find((t) => t.name === 'Bold quote') ?? templates[0]
  if (!poster || !plain) throw new Error('the catalogue is empty')
  const made = await apiAs(server, account.token, 'POST', '/creation/create', {
    templateId: plain.id,
    values: {},
    name: 'Team quote',
  })
  expect(made.code).toBe(0)
  const opened = await apiAs(server, account.token, 'POST', '/checkout/create', {
    offerId: 'main/payment-49-9',
  })
  const { checkoutId } = opened.data as { checkoutId: string }
  const paid = await apiAs(server, account.token, 'POST', '/checkout/pay', {
    checkoutId,
    cardNumber: '4242424242424242',
    expiry: '12/34',
    cvc: '123',
  })
  expect(paid.code).toBe(0)
  const purchases = (await apiAs(server, account.token, 'GET', '/purchase/list')).data as { id: number }[]
  return {
    account,
    typeId: poster.typeId,
    templateId: poster.id,
    creationId: (made.data as { id: number }).id,
    purchaseId: purchases[0]?.id ?? 0,
  }
}

/** The public screens, the checkout's two layouts and its "offer not found" included. */
const SIGNED_OUT = [
  ...PUBLIC_PATHS,
  '/checkout/main/payment-49-9',
  '/checkout1/main/subscription-84-9',
  '/checkout/no-such-group/payment-1',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/confirm-email?token=not-a-real-token',
  '/account-deleted',
]

/** The app's screens for a signed-in visitor, by route pattern. */
const signedIn = (s: Subjects) => [
  '/dashboard',
  '/templates',
  `/templates/${s.typeId}`,
  `/templates/${s.templateId}/edit`,
  '/creation',
  `/creation/${s.creationId}/edit`,
  '/pricing-plans',
  '/purchase-history',
  '/purchase-history?tab=credits',
  `/purchase-history/${s.purchaseId}`,
  '/notifications',
  '/developer',
  '/uploads',
  '/account',
  '/templates/mine',
  `/templates/${s.templateId}/design`,
  '/brand-kit',
  '/bulk',
  `/bulk?template=${s.templateId}`,
  `/bulk?template=${s.templateId}&from=csv`,
  '/bulk/999999',
  '/teams',
  '/join?token=not-a-real-token',
  '/checkout/main/payment-49-9',
  '/no-such-page',
]

/**
 * Waits until the screen has its data: no skeleton left, nothing busy. The designer in Chinese first loads three CJK
 * faces (10-15 MB each) and draws with them: on a machine busy with other work the page's thread is held for a
 * minute or more, so the bound is wide.
 */
async function settle(page: Page) {
  await page.waitForLoadState('load')
  await expect(page.locator('main').first()).toBeVisible()
  await expect(page.locator('.animate-pulse, [aria-busy="true"]')).toHaveCount(0, { timeout: 180_000 })
}

async function violations(page: Page) {
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    })
    // The designer's layers are targets on a design canvas: they lie where the design puts them, overlapping and
    // scaled with the zoom, which is essential to what they show (WCAG 2.5.8's "essential" exception); the layers
    // panel offers every layer as a full-size target. Any other small target still fails.
    const essential = (v: (typeof result.violations)[number]) =>
      v.id === 'target-size' && v.nodes.every((n) => n.html.includes('data-layer='))
    return result.violations
      .filter((v) => !essential(v))
      .map((v) => ({
        rule: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
      }))
  })
}

/** Waits (at most 3 s) for the page's finite animations to end: a toast fading in is not yet its colours. */
async function animationsDone(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 3000)),
    ])
  })
}

/**
 * Each screen's violations, by path (a screen without any is left out). A screen with some is checked once
 * more after its animations end: an element that appeared while axe ran (a toast fading in) is judged as shown.
 */
async function sweep(page: Page, paths: readonly string[], found: Record<string, unknown>) {
  for (const p of paths) {
    await page.goto(p)
    await settle(page)
    await animationsDone(page)
    let v = await violations(page)
    if (v.length > 0) {
      await animationsDone(page)
      v = await violations(page)
    }
    if (v.length > 0) found[p] = v
  }
}

test('the sweep visits every route of the route table', () => {
  const table = readFileSync(routesFile, 'utf8')
  const literal = [...table.matchAll(/path: '([^']+)'/g)].map((m) => `/${m[1]}`)
  const fake: Subjects = {
    account: {} as Account,
    typeId: 1,
    templateId: 2,
    creationId: 3,
    purchaseId: 4,
  }
  const visited = [...SIGNED_OUT, ...signedIn(fake)].map((p) => p.split('?')[0] ?? p)
  const asPattern = (route: string) =>
    new RegExp(`^${route.replace(/:[a-zA-Z]+/g, '[^/]+').replace('/*', '/.+')}$`)
  for (const route of literal)
    expect(
      visited.some((p) => asPattern(route).test(p)),
      `${route} has no screen in the axe sweep`,
    ).toBe(true)
})

/**
 * Two sweeps, not every combination: each axis a violation can depend on takes both its values once. The language
 * changes the words and `lang`, the width the layout (the phone's drawer and sheets, target sizes), the colour
 * scheme the contrast; none of them changes what another one checks. Four sweeps took 10 minutes of the suite.
 */
const SWEEPS = [
  { language: 'en', device: 'desktop', colorScheme: 'light' },
  { language: 'zh-CN', device: 'phone', colorScheme: 'dark' },
] as const

for (const { language, device, colorScheme } of SWEEPS)
  test.describe(`axe, ${language}, ${device}, ${colorScheme}`, () => {
    test.use({
      viewport: device === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      colorScheme,
    })
    test.setTimeout(600_000)

    test('every screen, signed out and signed in: no violation', async ({ page, server }) => {
      await page.addInitScript((lang) => localStorage.setItem('templet.language', lang), language)
      const signedOut: Record<string, unknown> = {}
      await sweep(page, SIGNED_OUT, signedOut)
      const s = await subjects(server)
      await storeSession(page, s.account)
      const signedInFound: Record<string, unknown> = {}
      await sweep(page, signedIn(s), signedInFound)
      expect({ signedOut, signedIn: signedInFound }).toEqual({ signedOut: {}, signedIn: {} })
    })
  })
