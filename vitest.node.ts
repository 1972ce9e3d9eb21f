import { availableParallelism } from 'node:os'

/**
 * What every Node test suite of the repository shares. Vitest's defaults start one worker on a 2-core machine
 * (cores − 1) and evaluate every module again for each test file: the server's app took 2 s to import, 82 times.
 * The suites share no module state between files (no module mocks, no environment changed at run time), so
 * each worker evaluates a module once, and two workers keep both cores busy while one waits on a database or a
 * render thread. Measured on the 2-core machine, 2026-11-30: the server's suite 457 s → 326 s, render 57 → 32 s,
 * designer 38 → 12 s, template 16 → 5 s. A test that needs a module of its own must use `vi.resetModules()`.
 */
export const nodeSuite = { isolate: false, maxWorkers: Math.max(2, availableParallelism() - 1) }
