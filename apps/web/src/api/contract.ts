/** The contract's form schemas, made after `zod-jitless` (see there): import them from here, not from the package. */
import './zod-jitless'

export { contactMessageBody, loginBody, registerBody } from '@templet/api/contract'
