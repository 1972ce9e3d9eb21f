import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'

/**
 * The app's production build runs on React and react-dom (docs/adr/0001-react-over-preact.md): read from the
 * built chunks themselves, so that an alias or a dependency that swaps the renderer cannot pass unseen.
 */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const assets = path.join(webRoot, 'dist/assets')
const chunks = readdirSync(assets)
  .filter((file) => file.endsWith('.js'))
  .map((file) => ({ file, code: readFileSync(path.join(assets, file), 'utf8') }))
const { version: reactDomVersion } = createRequire(import.meta.url)('react-dom/package.json') as {
  version: string
}

test.describe('the built chunks', () => {
  test('contain react-dom, at the installed version, with its DevTools hook', () => {
    const q = '["\'`]'
    const renderer = new RegExp(`rendererPackageName:${q}react-dom${q}`)
    const withReactDom = chunks.filter(({ code }) => renderer.test(code))
    expect(withReactDom.map(({ file }) => file)).toHaveLength(1)
    const [reactDom] = withReactDom
    expect(reactDom?.code).toMatch(
      new RegExp(`reconcilerVersion:${q}${reactDomVersion.replaceAll('.', '\\.')}${q}`),
    )
    expect(reactDom?.code).toContain('__REACT_DEVTOOLS_GLOBAL_HOOK__')
  })

  test('contain no Preact', () => {
    // Preact's virtual nodes keep their children and DOM node under mangled names (`__k`, `__e`) that survive
    // minification; neither React nor the app's other libraries use them.
    const withPreact = chunks.filter(({ code }) => /\.__k\b/.test(code) && /\.__e\b/.test(code))
    expect(withPreact.map(({ file }) => file)).toEqual([])
    expect(chunks.filter(({ code }) => /preact/i.test(code)).map(({ file }) => file)).toEqual([])
  })
})
