import { z } from 'zod'
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH, CONTACT_NAME_MAX_LENGTH } from '../limits'
import { email, personName } from './user'

export const contactMessageBody = z.strictObject({
  name: personName(CONTACT_NAME_MAX_LENGTH, 'Enter your name'),
  email,
  message: z
    .string({ error: 'Enter a message' })
    .trim()
    .min(CONTACT_MESSAGE_MIN_LENGTH, {
      error: `Message must be at least ${CONTACT_MESSAGE_MIN_LENGTH} characters`,
    })
    .max(CONTACT_MESSAGE_MAX_LENGTH, {
      error: `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH} characters`,
    }),
})
export type ContactMessageBody = z.infer<typeof contactMessageBody>

export const contactMessageData = z.object({ id: z.number().int().positive() })
