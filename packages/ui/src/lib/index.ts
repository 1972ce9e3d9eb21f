export { cn } from './cn'
export {
  type SetStateAction,
  type UseControllableStateParams,
  useControllableState,
} from './use-controllable-state'
export { useMediaQuery } from './use-media-query'
