export { Skeleton } from './skeleton'
