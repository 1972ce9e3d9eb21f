import type { SecurityHeaders } from './security-headers'

/** What the request logger and the envelope share about an answer. */
export type AppEnv = {
  Variables: {
    code: number
    requestId: string
    /** The security headers of every answer (app.ts). */
    security?: SecurityHeaders
    /** Set on shutdown: every answer then closes its connection (clients reconnect to another process). */
    lifecycle?: { draining: boolean }
    /** The answer was made by `answer()` (answer.ts) and carries every header already. */
    answered?: boolean
  }
}
