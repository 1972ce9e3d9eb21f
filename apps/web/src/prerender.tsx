/**
 * Build-time pre-rendering of the public pages (scripts/prerender.mjs runs this module, built by
 * `vite build --ssr`). The HTML is what a signed-out English visitor sees, so the page paints with the
 * stylesheet alone, before any JavaScript; start.tsx hydrates it, or renders afresh when the visitor is
 * not that visitor (boot.js decides before the first paint; see docs/prerender.md).
 */
import { StrictMode } from 'react'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { App } from './app'
import { i18n } from './i18n'
import { PRERENDERED_PATHS, screensFor } from './router/routes'

export { PRERENDERED_PATHS, screensFor }

/**
 * The markup of `path` as it goes inside `<div id="root">`, title element included. Throws on any error
 * while rendering, and on markup that would need React's inline scripts (which the CSP refuses).
 */
export async function renderPage(path: string): Promise<string> {
  await i18n.changeLanguage('en')
  const errors: unknown[] = []
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
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
  if (/<script|<template|<!--\$[?!]-->/.test(markup))
    throw new Error(`pre-rendering ${path} left a boundary unfinished`)
  return markup
}
