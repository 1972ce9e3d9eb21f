import type { HTMLAttributes } from 'react'
import { cn } from '../lib'

/**
 * A placeholder block while content loads. Hidden from assistive technology: mark the loading region
 * itself (`aria-busy`, a status message) instead.
 */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden
      data-slot="skeleton"
      className={cn('animate-pulse rounded-md bg-foreground/8 motion-reduce:animate-none', className)}
      {...props}
    />
  )
}
