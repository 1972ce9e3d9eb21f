// Visual regression, taken where the stories already run as tests: after each story has rendered and its play
// function has passed (packages/ui/vitest.config.ts), the page is compared with the story's reference in
// __screenshots__/<story-id>.png. Rendering every story a second time in another runner only for its picture cost
// about a quarter of the whole suite's time. Stories tagged `no-visual` (pictures that depend on timing) are left
// out; their behaviour is asserted by their play functions. docs/visual-regression.md says how to update them.
import { afterEach, expect } from 'vitest'
import { page } from 'vitest/browser'

interface StoryContext {
  story?: { id: string; tags: string[] }
}

// Chromium paints a text selection in a colour that depends on the colour scheme in force when the selection
// was made, so a dialog that selects its field while the story's theme is applied came out in either colour.
// The selection is the browser's, not the shell's: one fixed colour keeps it out of the comparison.
const fixedSelection = '*::selection { background-color: rgb(51 102 204); color: rgb(255 255 255); }'

afterEach(async (context) => {
  const story = (context as StoryContext).story
  if (!story || story.tags.includes('no-visual') || context.task.result?.state === 'fail') return
  await document.fonts.ready
  const style = document.createElement('style')
  style.textContent = fixedSelection
  document.head.append(style)
  try {
    await expect.element(page.elementLocator(document.body)).toMatchScreenshot(story.id, {
      // Two captures in a row must agree before comparing; on a busy machine that took longer than the 5 s default.
      timeout: 30_000,
      comparatorName: 'pixelmatch',
      comparatorOptions: { allowedMismatchedPixelRatio: 0.002 },
    })
  } finally {
    style.remove()
  }
})
