/** A page's CSP nonces: `script` for its inline first-paint script, `style` for the app's dialogs (static.ts). */
export interface PageNonces {
  script: string
  style: string
}

export interface SecurityHeaders {
  /** Every answer's: one frozen object, spread into each answer. */
  all: Readonly<Record<string, string>>
  /** A page's Content-Security-Policy, admitting its inline script and style by that answer's nonces. */
  pagePolicy(nonces: PageNonces): string
}

/**
 * The security headers of every answer, built once. hono's secureHeaders rebuilt the policy and set a dozen
 * headers one by one on each answer, a quarter of the time of a simple API read; answers now take them as one
 * object with the answer (answer.ts). Only a page (static.ts) carries nonces in its policy.
 */
export function securityHeaders(mediaOrigins: readonly string[]): SecurityHeaders {
  const policy = (nonces: PageNonces | undefined) =>
    [
      "default-src 'self'",
      // The page's first-paint script is inline (apps/web/boot.js): it waits for no request of its own.
      `script-src 'self'${nonces ? ` 'nonce-${nonces.script}'` : ''}`,
      // Radix Dialog's scroll lock (react-remove-scroll, behind the phone drawer and modal dialogs) adds a
      // <style> element while open: it carries this answer's nonce, which the page hands the app (static.ts).
      `style-src 'self'${nonces ? ` 'nonce-${nonces.style}'` : ''}`,
      ["img-src 'self' data: blob:", ...mediaOrigins].join(' '),
      ["connect-src 'self'", ...mediaOrigins].join(' '),
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ')
  const common = {
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Strict-Transport-Security': 'max-age=15552000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'DENY',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
  }
  return {
    all: Object.freeze({ ...common, 'Content-Security-Policy': policy(undefined) }),
    pagePolicy: policy,
  }
}
