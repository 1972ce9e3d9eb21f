import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Every test waits for a real HTTP server; a hung one fails fast instead of stalling the suite.
    testTimeout: 10_000,
  },
})
