import type { Config } from '../config'
import type { Db } from '../db/connection'
import type { Logger } from '../log'
import type { RateLimiter } from '../services/rate-limit'

/**
 * What every feature module is built with: the process's shared infrastructure. Media (storage, file URLs, the
 * renderer) is `MediaInfra` of media-services.ts, handed to the features that keep files.
 */
export interface SharedDeps {
  db: Db
  config: Config
  /** The clock, ms since the epoch; tests move it. */
  now: () => number
  log: Logger
  limiter: RateLimiter
}
