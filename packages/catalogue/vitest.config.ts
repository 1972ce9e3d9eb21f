import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'catalogue',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // A busy 2-core machine (a test run beside another, or CPU-bound work) slows a bundle or a parse tenfold:
    // a limit is for a hung test, not a slow one.
    testTimeout: 60_000,
  },
})
