import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig } from 'vitest/config'
import { chromiumLaunch } from '../../chromium'

const dirname = path.dirname(fileURLToPath(import.meta.url))

// A fresh object per project: Vitest mutates it, and sharing one fails with a duplicate project name.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: chromiumLaunch,
    // The components honour reduced motion (no entry/exit animations), which keeps the behaviour tests
    // deterministic on a busy machine instead of racing 100-250 ms animations.
    contextOptions: { reducedMotion: 'reduce' },
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
    projects: [
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(dirname, '../../.storybook') })],
        test: { name: 'storybook', browser: browser() },
      },
      {
        plugins: [react(), tailwindcss()],
        test: { name: 'browser', include: ['src/**/*.browser.test.tsx'], browser: browser() },
      },
    ],
  },
})
