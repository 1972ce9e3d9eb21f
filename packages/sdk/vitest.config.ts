import { defineConfig } from 'vitest/config'
import { nodeSuite } from '../../vitest.node'

export default defineConfig({
  test: {
    ...nodeSuite,
    name: 'sdk',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
})
