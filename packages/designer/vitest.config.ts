import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'designer', environment: 'node', include: ['test/**/*.test.ts'] },
})
