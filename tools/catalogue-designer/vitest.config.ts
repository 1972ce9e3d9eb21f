import { defineConfig } from 'vitest/config'
import { nodeSuite } from '../../vitest.node'

/** The catalogue workflow's tests, in Node: they read and write the catalogue's files. */
export default defineConfig({
  test: {
    ...nodeSuite,
    name: 'catalogue-designer',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
  },
})
