import { useEffect } from 'react'

/**
 * The document's title while this screen is shown. The pre-render writes it as a `<title>` element, which
 * scripts/prerender.mjs moves into `<head>`; in the browser it is set on `document.title`.
 */
export function DocumentTitle({ children }: { children: string }) {
  useEffect(() => {
    document.title = children
  }, [children])
  return import.meta.env.SSR ? <title>{children}</title> : null
}
