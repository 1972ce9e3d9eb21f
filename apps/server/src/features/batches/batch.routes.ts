import type { Handlers } from '../../routes/api'
import type { BulkCreate } from './bulk-create'

export function batchHandlers(
  bulk: BulkCreate,
): Pick<
  Handlers,
  'batchCsvTemplate' | 'batchValidate' | 'batchCreate' | 'batchDetail' | 'batchList' | 'batchCancel'
> {
  return {
    batchCsvTemplate: ({ session, query }) =>
      bulk.csvTemplate(session.userId, query.templateId, query.locale ?? 'en'),
    batchValidate: ({ session, body }) => bulk.validate(session.userId, body),
    batchCreate: ({ session, body }) => bulk.create(session.userId, body, session.actorId),
    batchDetail: ({ session, query }) => bulk.detail(session.userId, query.id),
    batchList: ({ session, query }) => bulk.list(session.userId, query),
    batchCancel: ({ session, body }) => bulk.cancel(session.userId, body.id),
  }
}
