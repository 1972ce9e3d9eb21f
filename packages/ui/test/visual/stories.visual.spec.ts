// Visual regression: every story of the static Storybook build, screenshotted and compared with the
// reference in __screenshots__/. Update the references with `pnpm test:visual --update-snapshots`
// (docs/visual-regression.md). Stories tagged `no-visual` (timing-dependent ones) are left out.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'

interface IndexEntry {
  id: string
  title: string
  name: string
  type: 'story' | 'docs'
  tags?: string[]
}

const indexFile = path.resolve('storybook-static/index.json')
const selectionStyle = path.join(import.meta.dirname, 'screenshot.css')
const entries: IndexEntry[] = Object.values(
  (JSON.parse(readFileSync(indexFile, 'utf8')) as { entries: Record<string, IndexEntry> }).entries,
)
const stories = entries.filter((e) => e.type === 'story' && !e.tags?.includes('no-visual'))

/** Phone-sized stories are named so ("Mobile …"); everything else is shot at a desktop width. */
const viewportOf = (story: IndexEntry) =>
  /mobile|phone/i.test(story.id) ? { width: 390, height: 844 } : { width: 1280, height: 800 }

test('the static Storybook lists stories to compare', () => {
  expect(stories.length).toBeGreaterThan(10)
})

for (const story of stories) {
  test(`${story.title} › ${story.name} looks as approved`, async ({ page }) => {
    await page.setViewportSize(viewportOf(story))
    await page.goto(`/iframe.html?id=${story.id}&viewMode=story`)
    // Wait until Storybook has rendered the story and finished its play function.
    await page.waitForFunction(() => {
      const phase = (window as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } })
        .__STORYBOOK_PREVIEW__?.currentRender?.phase
      if (phase === 'errored' || phase === 'aborted') throw new Error(`story ${phase}`)
      return phase === 'completed' || phase === 'finished'
    })
    await page.evaluate(() => document.fonts.ready)
    // A style tag, not the screenshot's `stylePath`: Chromium does not repaint a selection for the latter.
    await page.addStyleTag({ path: selectionStyle })
    await expect(page).toHaveScreenshot(`${story.id}.png`, { fullPage: true })
  })
}
