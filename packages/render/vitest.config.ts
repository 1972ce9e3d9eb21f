import { defineConfig } from 'vitest/config'
import { nodeSuite } from '../../vitest.node'

export default defineConfig({
  test: {
    ...nodeSuite,
    name: 'render',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Rendering every catalogue template on a busy 2-core machine takes seconds, not milliseconds.
    testTimeout: 60_000,
  },
})
