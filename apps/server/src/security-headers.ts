import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { type ContentSecurityPolicyOptionHandler, secureHeaders } from 'hono/secure-headers'

/** A page's CSP nonces: `script` for its inline first-paint script, `style` for the app's dialogs (static.ts). */
export interface PageNonces {
  script: string
  style: string
}

export type PageNoncesEnv = { Variables: { pageNonces?: PageNonces } }

function options(
  mediaOrigins: readonly string[],
  nonce?: (kind: keyof PageNonces) => ContentSecurityPolicyOptionHandler,
): Parameters<typeof secureHeaders>[0] {
  return {
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // The page's first-paint script is inline (apps/web/src/boot.ts): it waits for no request of its own.
      scriptSrc: ["'self'", ...(nonce ? [nonce('script')] : [])],
      // Radix Dialog's scroll lock (react-remove-scroll, behind the phone drawer and modal dialogs) adds a
      // <style> element while open: it carries this answer's nonce, which the page hands the app (static.ts).
      styleSrc: ["'self'", ...(nonce ? [nonce('style')] : [])],
      imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
      connectSrc: ["'self'", ...mediaOrigins],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
  }
}

/**
 * Every answer's security headers (hono's `secureHeaders`), set after the handler. A header the answer set
 * itself is kept: a page's policy carries its own nonces ({@link pageSecurityHeaders}).
 */
export function securityHeaders(mediaOrigins: readonly string[]): MiddlewareHandler {
  return secureHeaders({ ...options(mediaOrigins), overwrite: false })
}

/**
 * The same headers for a page, whose policy admits its inline script and style by nonces drawn for this answer
 * (two, so the style nonce the page shows its scripts never lets a script run); the page handler writes them
 * into the page from `c.var.pageNonces`. Only pages draw nonces: API answers spend nothing on them.
 */
export function pageSecurityHeaders(mediaOrigins: readonly string[]): MiddlewareHandler<PageNoncesEnv> {
  const headers = secureHeaders(
    options(mediaOrigins, (kind) => (c) => `'nonce-${(c.get('pageNonces') as PageNonces)[kind]}'`),
  )
  return (c, next) => {
    // randomUUID draws from a pool of entropy; getRandomValues on every request cost ~10 µs.
    c.set('pageNonces', { script: randomUUID(), style: randomUUID() })
    return headers(c, next)
  }
}
