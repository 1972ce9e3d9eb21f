import type { Handlers } from '../../routes/api'
import type { ContactMessages } from './contact'

export function contactHandlers(messages: ContactMessages): Pick<Handlers, 'contactMessage'> {
  return {
    contactMessage: ({ body, session, ip }) => messages.submit({ body, userId: session?.userId ?? null, ip }),
  }
}
