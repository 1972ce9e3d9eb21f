// Visual regression: every story of the static Storybook build, screenshotted and compared with the
// reference in __screenshots__/. Update the references with `pnpm test:visual --update-snapshots`
// (docs/visual-regression.md). Stories tagged `no-visual` (timing-dependent ones) are left out.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { test as base, expect, type Page } from '@playwright/test'

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

interface StoryWindow {
  __STORYBOOK_ADDONS_CHANNEL__?: {
    on(event: string, listener: (event: { message?: string; title?: string }) => void): void
  }
  __storyFinished?: boolean
  __storyErrors?: string[]
}

/**
 * Runs in the page before Storybook: records when the story has finished and any error of its render or
 * play function, from Storybook's own events. The render phase and `storyFinished` alone do not tell: a
 * failed play function still ends in `finished`, with a status of `success`.
 */
function recordStoryOutcome() {
  const page = window as StoryWindow
  page.__storyErrors = []
  const listen = () => {
    const channel = page.__STORYBOOK_ADDONS_CHANNEL__
    if (!channel) {
      setTimeout(listen, 5)
      return
    }
    for (const event of [
      'playFunctionThrewException',
      'storyThrewException',
      'storyErrored',
      'unhandledErrorsWhilePlaying',
    ]) {
      channel.on(event, (error) =>
        page.__storyErrors?.push(`${event}: ${error.message ?? error.title ?? ''}`),
      )
    }
    channel.on('storyFinished', () => {
      page.__storyFinished = true
    })
  }
  listen()
}

/**
 * One page per worker, reloaded for each story: a fresh page per test would load Storybook's whole bundle again,
 * about three quarters of a story's time, while a reload in the same page takes it from the HTTP cache and still
 * starts each story in a new document.
 */
const test = base.extend<object, { storyPage: Page }>({
  storyPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, contextOptions } = workerInfo.project.use
      const context = await browser.newContext({ ...contextOptions, baseURL })
      const page = await context.newPage()
      await page.addInitScript(recordStoryOutcome)
      await use(page)
      await context.close()
    },
    { scope: 'worker' },
  ],
})

test('the static Storybook lists stories to compare', () => {
  expect(stories.length).toBeGreaterThan(10)
})

for (const story of stories) {
  test(`${story.title} › ${story.name} looks as approved`, async ({ storyPage: page }) => {
    await page.setViewportSize(viewportOf(story))
    // Accessibility is checked where the stories run as tests (packages/ui/vitest.config.ts); axe after every
    // story here would only repeat it, at a third of this suite's time.
    await page.goto(`/iframe.html?id=${story.id}&viewMode=story&globals=a11y.manual:!true`)
    // Wait until Storybook has rendered the story and run its play function, which must have passed.
    await page.waitForFunction(() => (window as StoryWindow).__storyFinished)
    expect(await page.evaluate(() => (window as StoryWindow).__storyErrors)).toEqual([])
    await page.evaluate(() => document.fonts.ready)
    // A style tag, not the screenshot's `stylePath`: Chromium does not repaint a selection for the latter.
    await page.addStyleTag({ path: selectionStyle })
    await expect(page).toHaveScreenshot(`${story.id}.png`, { fullPage: true })
  })
}
