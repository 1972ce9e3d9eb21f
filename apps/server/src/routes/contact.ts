import type { ContactMessages } from '../services/contact'
import type { Handlers } from './api'

export function contactHandlers(messages: ContactMessages): Pick<Handlers, 'contactMessage'> {
  return {
    contactMessage: ({ body, session, ip }) => messages.submit({ body, userId: session?.userId ?? null, ip }),
  }
}
