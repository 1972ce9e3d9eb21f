import type { PageNonces } from './security-headers'

/** What the request logger and the envelope share about an answer (a leaf module: no import circles). */
export type AppEnv = {
  Variables: {
    code: number
    /** hono's `requestId` (app.ts). */
    requestId: string
    /** Set on shutdown: every answer then closes its connection (clients reconnect to another process). */
    lifecycle?: { draining: boolean }
    /** A page's CSP nonces (security-headers.ts), drawn for pages only. */
    pageNonces?: PageNonces
  }
}
