import { defineConfig } from 'vitest/config'
import { nodeSuite } from '../../vitest.node'

export default defineConfig({
  test: {
    ...nodeSuite,
    name: 'template',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // A busy 2-core machine (a test run beside another, or CPU-bound work) slows a bundle or a parse tenfold:
    // a limit is for a hung test, not a slow one.
    testTimeout: 60_000,
  },
})
