export {
  type Balance,
  type Batch,
  type BatchCreate,
  createTemplet,
  type PageQuery,
  type Render,
  type RenderCreate,
  type Sent,
  type Template,
  type Templet,
  type TempletOptions,
  type Upload,
  type WaitOptions,
  type WebhookEndpoint,
} from './client'
export { type Problem, TempletError } from './errors'
export type { components, paths, webhooks } from './generated/v1-api'
export { type ImageUrlRequest, signImageUrl } from './image-urls'
export { verifyWebhook, type WebhookEvent, WebhookSignatureError } from './webhooks'
