/**
 * Build-time pre-rendering of the public pages (scripts/prerender.mjs runs this module, built by
 * `vite build --ssr`), once per language: the page paints with the HTML and the stylesheet alone, before
 * any JavaScript, for every visitor (the boot script picks the language and the session's parts before the
 * first paint), and start.tsx hydrates it.
 */
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { AppProviders } from './app'
import { LANGUAGES, type Language, loadLanguage } from './i18n'
import { PLACEHOLDER_PATHS, PRERENDERED_PATHS, routes, screensFor } from './router/routes'

export { LANGUAGES, PLACEHOLDER_PATHS, PRERENDERED_PATHS, screensFor }

const handler = createStaticHandler(routes)

/** What the app reads from storage while pre-rendering a protected page: a session, and nothing else. */
const signedInStorage = {
  getItem: (key: string) => (key === 'user' ? '{"prerender":true}' : null),
  setItem: () => {},
  removeItem: () => {},
}

/**
 * The markup of `path` as it goes inside `<div id="root">`, title element included. Throws on any error
 * while rendering, and on markup that would need inline scripts (which the CSP refuses).
 */
export async function renderPage(
  path: string,
  language: Language = 'en',
  { signedIn = false } = {},
): Promise<string> {
  await loadLanguage(language)
  // A protected page's first paint is rendered as for a signed-in visitor whose data has not come yet.
  const storage = signedIn ? signedInStorage : undefined
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true })
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')))
  if (context instanceof Response) throw new Error(`pre-rendering ${path} answered ${context.status}`)
  if (context.errors) throw new AggregateError(Object.values(context.errors), `pre-rendering ${path} failed`)
  const router = createStaticRouter(handler.dataRoutes, context)
  const errors: unknown[] = []
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        {/* No hydration data: it would be an inline script, and the browser's router starts without it. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
    {
      onError: (error) => {
        errors.push(error)
      },
      // Every boundary in place: larger ones would otherwise be sent later and revealed by inline scripts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  )
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk))
  const markup = Buffer.concat(chunks).toString('utf8')
  if (errors.length > 0) throw new AggregateError(errors, `pre-rendering ${path} failed`)
  // A boundary still pending (`<!--$?-->`) or given up (`<!--$!-->`) would be completed by inline scripts.
  if (/<script|<template|<!--\$[?!]-->/.test(markup))
    throw new Error(`pre-rendering ${path} left a Suspense boundary unfinished`)
  return markup
}
