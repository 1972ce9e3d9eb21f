export { cn } from './cn'
export { withSlotContent } from './slot-content'
export { TruncatedText } from './truncated-text'
export {
  type SetStateAction,
  type UseControllableStateParams,
  useControllableState,
} from './use-controllable-state'
export { useMediaQuery } from './use-media-query'
