import type { Handlers } from '../../routes/api'
import type { ApiKeys } from './api-keys'

export function apiKeyHandlers(
  keys: ApiKeys,
): Pick<Handlers, 'apiKeyCreate' | 'apiKeyList' | 'apiKeyRevoke'> {
  return {
    apiKeyCreate: ({ session, body }) => keys.create(session.userId, body, session.actorId),
    apiKeyList: ({ session }) => keys.list(session.userId),
    apiKeyRevoke: ({ session, body }) => keys.revoke(session.userId, body.id),
  }
}
