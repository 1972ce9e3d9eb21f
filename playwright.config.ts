import { defineConfig } from '@playwright/test'
import { chromiumLaunch } from './chromium'

// Another checkout on the same machine may serve its own Storybook on the default port: pick another.
const STORYBOOK_PORT = Number(process.env.STORYBOOK_PORT ?? 6107)

export default defineConfig({
  outputDir: 'test-results',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // Bounds, not budgets: a run beside other work (a second run, a build) is several times slower than a quiet one,
  // and a bound only costs time when something is really wrong. A screen waits on a real server and renderer.
  timeout: 120_000,
  expect: { timeout: 20_000, toHaveScreenshot: { maxDiffPixelRatio: 0.002 } },
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    // No trace: recording one for every test cost a third of the suite's time (the ui-visual project's stories:
    // 213 s with traces, 139 s without). A failure keeps its screenshot; to trace it, run the one test again with
    // `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'ui-visual',
      testDir: 'packages/ui/test/visual',
      // One test per story in a single file: spread them over the workers.
      fullyParallel: true,
      // Reduced motion, as in the story tests (packages/ui/vitest.config.ts): the play functions run before
      // the screenshot and must not race the components' 100-300 ms entry and exit animations.
      use: { baseURL: `http://127.0.0.1:${STORYBOOK_PORT}`, contextOptions: { reducedMotion: 'reduce' } },
    },
    { name: 'ui-pack', testDir: 'packages/ui/test/pack', timeout: 300_000 },
    { name: 'designer-pack', testDir: 'packages/designer/test/pack', timeout: 300_000 },
    {
      // The web app against the real server (apps/server/dist, started per worker by e2e/fixtures.ts).
      name: 'web',
      testDir: 'apps/web/e2e',
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: [
    {
      // The static Storybook build; `npm test` builds it before Playwright runs.
      command: `pnpm exec vite preview --outDir storybook-static --host 127.0.0.1 --port ${STORYBOOK_PORT} --strictPort`,
      url: `http://127.0.0.1:${STORYBOOK_PORT}/index.json`,
      reuseExistingServer: !process.env.CI,
    },
  ],
})
