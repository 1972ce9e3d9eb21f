import { readdirSync } from 'node:fs'
import path from 'node:path'
import type { Rolldown } from 'vite'

type CodeSplittingGroup = Rolldown.CodeSplittingGroup
type ChunkNamer = Extract<CodeSplittingGroup['name'], (...args: never[]) => unknown>
type ModuleGraph = Parameters<ChunkNamer>[1]

/** The pages nested in the signed-in app's layout (src/router/routes.tsx, the `app` route's children). */
const appPages = new Set([
  'pages/dashboard',
  'pages/templates',
  'pages/creation',
  'pages/pricing-plans',
  'pages/purchase-history',
  'pages/receipt',
  'pages/notifications',
  'pages/template-type',
  'pages/template-editor',
  'pages/my-templates',
  'pages/template-designer',
  'pages/brand-kit',
  'pages/account',
  'pages/bulk-create',
  'pages/developer',
  'pages/uploads',
  'pages/teams',
  'pages/join-team',
])
const appLayout = 'layouts/app-layout'

/**
 * Chunks by when they load rather than by who shares what. Left to itself the bundler gives every module
 * that two lazy chunks share a chunk of its own: it does not know that the app's start is loaded before any
 * route, nor that an app page always comes with the app's layout. The signed-in Dashboard asked for ~45
 * files, 26 of them under 1 kB: about thirteen round trips on a slow network.
 *
 * Two groups, besides what the bundler does by itself:
 * - `start`: every module the app's start (src/start.tsx) imports statically, through any chain: React,
 *   the router, the texts' library, the guard. Every page loads all of them anyway.
 * - `signed-in`: the modules that only the app's layout and pages import (and the 404 page, which renders
 *   inside the layout), when the layout does or at least two pages do (a page's own modules stay in its
 *   chunk): the shell, the template cards, the page title. Every app page loads the layout, so that is a few
 *   kB more for a page and a dozen requests fewer; no public page loads it.
 * The public pages keep the bundler's split: what two of them share (the forms' library) would otherwise
 * weigh on the landing page. `experimentalInlineCommonChunks` (vite.config.ts) then copies the small common
 * chunks that are left (an icon, a helper) into the chunks that import them.
 *
 * A group takes only the modules named here, not what they import (`includeDependenciesRecursively`:
 * that would drag a module the public pages share into `signed-in`), which needs `strictExecutionOrder`.
 */
export function chunkGroups(appRoot: string): CodeSplittingGroup[] {
  const src = path.join(appRoot, 'src')
  const file = (name: string) => path.join(src, `${name}.tsx`)
  /** The routes' lazy modules: every layout but the root's (the start imports it), every page. */
  const lazyModules = ['layouts', 'pages'].flatMap((dir) =>
    readdirSync(path.join(src, dir))
      .filter((name) => name.endsWith('.tsx') && name !== 'root-layout.tsx')
      .map((name) => `${dir}/${name.slice(0, -'.tsx'.length)}`),
  )

  function staticImports(graph: ModuleGraph, from: string): Set<string> {
    const seen = new Set<string>()
    const stack = [from]
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if (seen.has(id)) continue
      seen.add(id)
      stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []))
    }
    return seen
  }

  function assign(graph: ModuleGraph): Map<string, string> {
    // What the entry imports stays in the entry: in the start's chunk it would be evaluated before the paint.
    const entry = staticImports(graph, file('main'))
    const chunkOf = new Map<string, string>()
    for (const id of staticImports(graph, file('start'))) if (!entry.has(id)) chunkOf.set(id, 'start')

    const importers = new Map<string, string[]>()
    // Loaded with the app's layout: its pages, and a lazy module that imports the layout itself (the 404 page
    // renders inside the app's shell), which loads all the layout's imports anyway.
    const withAppLayout = new Set([appLayout, ...appPages])
    for (const lazy of lazyModules) {
      const imports = staticImports(graph, file(lazy))
      if (imports.has(file(appLayout))) withAppLayout.add(lazy)
      for (const id of imports)
        if (!chunkOf.has(id) && !entry.has(id)) importers.set(id, [...(importers.get(id) ?? []), lazy])
    }
    for (const [id, lazies] of importers) {
      const appOnly = lazies.every((lazy) => withAppLayout.has(lazy))
      if (appOnly && (lazies.includes(appLayout) || lazies.length >= 2)) chunkOf.set(id, 'signed-in')
    }
    return chunkOf
  }

  for (const page of appPages)
    if (!lazyModules.includes(page))
      throw new Error(`chunk-groups.ts names ${page}, which src/ does not have`)

  let chunkOf: Map<string, string> | undefined
  return ['start', 'signed-in'].map((group, index, all) => ({
    name: (id, graph) => {
      chunkOf ??= assign(graph)
      return chunkOf.get(id) === group ? group : null
    },
    priority: all.length - index,
    includeDependenciesRecursively: false,
  }))
}
