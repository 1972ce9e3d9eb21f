import { defineConfig } from 'vitest/config'
import { nodeSuite } from '../../vitest.node'

export default defineConfig({
  test: {
    ...nodeSuite,
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Every test waits for a real HTTP server; a hung one fails within this, a slow machine's does not.
    testTimeout: 30_000,
  },
})
