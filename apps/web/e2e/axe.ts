import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * Runs axe-core (its default rules: WCAG A and AA and best practices) over the screen's own content as it is
 * now (`main`, or the whole page where there is none) and any open dialog, and fails with each violation's rule
 * and the elements it found. The app's frame is left to the tests of the frame.
 */
export async function expectNoAxeViolations(page: Page) {
  // Evaluated through the browser's debugging protocol: the app's CSP (nonce-only scripts) stays as it is.
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown): Promise<{ violations: unknown[] }> } })
      .axe
    const include = ['main', '[role="dialog"]'].filter((s) => document.querySelector(s)).map((s) => [s])
    const result = await axe.run(include.length > 0 ? { include } : document)
    return (result.violations as { id: string; nodes: { target: unknown }[] }[]).map((v) => ({
      rule: v.id,
      targets: v.nodes.map((n) => JSON.stringify(n.target)),
    }))
  })
  expect(violations).toEqual([])
}
