import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumLaunch } from '../../chromium'

/**
 * The app's unit tests (`src/**\/*.test.ts(x)`): its rules and hooks in Chromium (Debian's, never a download),
 * with the browser's own storage, cookies, Intl and React. This file, not vite.config.ts, configures them: the
 * app's build plugins (the inline boot script, the pre-render) have no part in a unit test.
 */
export default defineConfig({
  // Pre-bundled up front: discovering them mid-run makes Vite reload the page under a running test.
  optimizeDeps: {
    include: [
      'react',
      'react-dom',
      'react/jsx-dev-runtime',
      'react-router',
      'react-hook-form',
      'react-i18next',
      'i18next',
      '@tanstack/react-query',
      'lucide-react',
      'vitest-browser-react',
    ],
  },
  test: {
    // A busy 2-core machine (a test run beside another, or CPU-bound work) slows a bundle or a parse tenfold:
    // a limit is for a hung test, not a slow one.
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: chromiumLaunch,
            }),
            instances: [{ browser: 'chromium' }],
            // The tests draw nothing worth a picture, and a failure's screenshot beside the test would be an input
            // of the next run (turbo) and an untracked file.
            screenshotFailures: false,
          },
        },
      },
    ],
  },
})
