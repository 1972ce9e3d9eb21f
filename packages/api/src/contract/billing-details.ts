import { z } from 'zod'
import {
  BILLING_ADDRESS_LINE_MAX_LENGTH,
  BILLING_ADDRESS_LINES_MAX,
  BILLING_NAME_MAX_LENGTH,
} from '../limits'
import { resetTokenField } from './envelope'
import { DRAWS_NOTHING, HIDDEN_CONTROL, personName } from './user'

export { BILLING_ADDRESS_LINE_MAX_LENGTH, BILLING_ADDRESS_LINES_MAX, BILLING_NAME_MAX_LENGTH }

/** One line of a postal address as a receipt prints it. */
export const billingAddressLine = z
  .string({ error: 'Each address line must be text' })
  .trim()
  .min(1, { error: 'Leave out empty address lines' })
  .max(BILLING_ADDRESS_LINE_MAX_LENGTH, {
    error: `Each address line must be at most ${BILLING_ADDRESS_LINE_MAX_LENGTH} characters`,
  })
  .refine((v) => !HIDDEN_CONTROL.test(v), {
    error: 'The address must not contain control or text-direction characters',
    params: { rule: 'no_control_characters' },
  })
  .refine((v) => !DRAWS_NOTHING.test(v), {
    error: 'Each address line must contain visible characters',
    params: { rule: 'visible_characters' },
  })

/**
 * `POST /billing/details`: the name and postal address a team's receipts are billed to (ADR 0210), set in the
 * team's workspace by its owner and admins. Receipts of later purchases carry them; earlier ones keep theirs.
 */
export const billingDetailsBody = z.strictObject({
  name: personName(BILLING_NAME_MAX_LENGTH, 'Enter the name the receipts are billed to'),
  address: z
    .array(billingAddressLine, { error: 'address must be a list of lines' })
    .min(1, { error: 'Enter the postal address' })
    .max(BILLING_ADDRESS_LINES_MAX, { error: `The address has at most ${BILLING_ADDRESS_LINES_MAX} lines` }),
})
export type BillingDetailsBody = z.input<typeof billingDetailsBody>

export const billingDetails = z.object({
  name: z.string(),
  /** Lines of the postal address, as printed. */
  address: z.array(z.string()),
  updatedAt: z.iso.datetime(),
})
export type BillingDetails = z.infer<typeof billingDetails>
/** `GET /billing/details`: the team's billing name and address, or null while none is set. */
export const billingDetailsData = z.object({ details: billingDetails.nullable(), ...resetTokenField })
export const billingDetailsSaveData = z.object({ details: billingDetails, ...resetTokenField })
