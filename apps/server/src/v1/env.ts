import type { Context } from 'hono'
import type { AppEnv } from '../routes/api'
import type { ApiCaller } from '../services/api-keys'

/** What `/v1`'s middleware hands its handlers: the caller its key speaks for. */
export type V1Env = {
  Variables: AppEnv['Variables'] & {
    /** Set by `authenticate` on every route but the public ones (the OpenAPI document, the reference). */
    caller: ApiCaller
  }
}

/** `/v1`'s context where the app's helpers (answer(), the request log's fields) expect the app's own. */
export const asAppContext = (c: Context<V1Env>) => c as unknown as Context<AppEnv>
