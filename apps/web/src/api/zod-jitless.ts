import { z } from 'zod'

/**
 * Zod compiles object parsers with `new Function`, probing for it when a schema is created; the server's
 * Content-Security-Policy (no 'unsafe-eval') refuses that with a console error. Imported before the
 * contract, so every schema is made without the probe.
 */
z.config({ jitless: true })
