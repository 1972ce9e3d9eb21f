import { availableParallelism } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumLaunch } from '../../chromium'

const dirname = path.dirname(fileURLToPath(import.meta.url))
const referenceDir = path.join(dirname, 'test/visual/__screenshots__')

// A fresh object per project: Vitest mutates it, and sharing one fails with a duplicate project name.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: chromiumLaunch,
    // The components honour reduced motion (no entry/exit animations), which keeps the behaviour tests
    // deterministic on a busy machine instead of racing 100-250 ms animations.
    // The window is larger than any story's viewport (Storybook's default 1200 × 900, or the story's own), so
    // Vitest draws the story's frame at scale 1 and its screenshots are the story's real pixels.
    contextOptions: { reducedMotion: 'reduce', viewport: { width: 1600, height: 1200 } },
  }),
  instances: [{ browser: 'chromium' as const }],
})

export default defineConfig({
  // Pre-bundled up front: discovering them mid-run makes Vite reload the page under a running test.
  optimizeDeps: {
    include: [
      'radix-ui',
      'radix-ui/internal',
      'class-variance-authority',
      'clsx',
      'lucide-react',
      'react',
      'react-dom',
      'react/jsx-dev-runtime',
    ],
  },
  test: {
    // Two test files at once, each in a page of its own: Vitest's default on a 2-core machine is one (cores − 1),
    // which left a core idle while a story waited on its render or screenshot.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Bounds, not budgets: a designer story's play takes 3-5 s on a quiet machine and three times that beside other
    // work, where Vitest's 15 s default cut stories short that were only slow. A bound costs time only when
    // something is really wrong.
    testTimeout: 90_000,
    hookTimeout: 90_000,
    projects: [
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(dirname, '../../.storybook') })],
        test: {
          name: 'storybook',
          browser: {
            ...browser(),
            expect: {
              toMatchScreenshot: {
                resolveScreenshotPath: ({ arg, ext }) => path.join(referenceDir, `${arg}${ext}`),
                resolveDiffPath: ({ arg, ext }) => path.join(dirname, 'test-results/visual', `${arg}${ext}`),
              },
            },
          },
          setupFiles: [path.join(dirname, 'test/visual/story-screenshot.setup.ts')],
        },
      },
      {
        plugins: [react(), tailwindcss()],
        test: { name: 'browser', include: ['src/**/*.browser.test.tsx'], browser: browser() },
      },
    ],
  },
})
