import { Skeleton } from '@templet/ui/skeleton'
import { cx } from './cx'

/** In place of a column of rows or cards while it loads: two grey blocks of a row's height, `gap` apart. */
export function RowsSkeleton({
  rowClassName,
  gap,
}: {
  rowClassName: string
  gap: 'gap-2' | 'gap-3' | 'gap-6'
}) {
  return (
    <div aria-busy="true" className={cx('flex flex-col', gap)}>
      <Skeleton className={rowClassName} />
      <Skeleton className={rowClassName} />
    </div>
  )
}
