import { defineConfig } from 'vitest/config'
import { nodeSuite } from '../../vitest.node'

export default defineConfig({
  test: {
    ...nodeSuite,
    environment: 'node',
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
})
