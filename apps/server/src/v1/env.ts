import type { AppEnv } from '../app-env'
import type { ApiCaller } from '../features/developer/api-keys'

/** What `/v1`'s middleware hands its handlers: the caller its key speaks for. */
export type V1Env = {
  Variables: AppEnv['Variables'] & {
    /** Set by `authenticate` on every route but the public ones (the OpenAPI document, the reference). */
    caller: ApiCaller
  }
}
