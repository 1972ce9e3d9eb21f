export * from './client'
// The contract's types only: its values (the schemas, the registry, the codes) come from
// '@templet/api/contract', so that importing the client does not load zod.
export type * from './contract'
// The live stream's path and event name: plain values, no zod.
export { notificationStream } from './contract/notification-stream'
export { receiptPdfName } from './contract/receipt-pdf-name'
export {
  readTruncatedFields,
  TRUNCATED_FIELDS_HEADER,
  truncatedFieldsHeader,
} from './contract/truncated-fields'
