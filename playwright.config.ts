import { defineConfig } from '@playwright/test'
import { chromiumLaunch } from './chromium'

export default defineConfig({
  outputDir: 'test-results',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // Bounds, not budgets: a run beside other work (a second run, a build) is several times slower than a quiet one,
  // and a bound only costs time when something is really wrong. A screen waits on a real server and renderer.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    // No trace: recording one for every test cost a third of the suite's time. A failure keeps its screenshot;
    // to trace it, run the one test again with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'ui-pack', testDir: 'packages/ui/test/pack', timeout: 300_000 },
    { name: 'designer-pack', testDir: 'packages/designer/test/pack', timeout: 300_000 },
    {
      // The web app against the real server (apps/server/dist, started per worker by e2e/fixtures.ts).
      name: 'web',
      testDir: 'apps/web/e2e',
      use: { viewport: { width: 1280, height: 800 } },
    },
  ],
})
