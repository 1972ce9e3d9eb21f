import { defineConfig } from 'vitest/config'

// The repository's own scripts (the test run's summary); each package has a config of its own.
export default defineConfig({
  test: { include: ['scripts/**/*.test.mjs'], testTimeout: 120_000 },
})
