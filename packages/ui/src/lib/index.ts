// Internal helpers shared by the components; not part of the package's public API.
export { cn } from './cn'
export { withSlotContent } from './slot-content'
export { TruncatedText } from './truncated-text'
export { useMediaQuery } from './use-media-query'
