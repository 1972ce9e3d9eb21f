/** The contract's form schemas, made after `zod-jitless` (see there). Loaded through `loadFormSchemas`. */
import './zod-jitless'

export { contactMessageBody, loginBody, registerBody } from '@templet/api/contract'
