import { z } from 'zod'
import { email, personName } from './user'

export const contactMessageBody = z.strictObject({
  name: personName(100, 'Enter your name'),
  email,
  message: z
    .string({ error: 'Enter a message' })
    .trim()
    .min(10, { error: 'Message must be at least 10 characters' })
    .max(5000, { error: 'Message must be at most 5000 characters' }),
})
export type ContactMessageBody = z.infer<typeof contactMessageBody>

export const contactMessageData = z.object({ id: z.number().int().positive() })
