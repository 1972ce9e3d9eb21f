import type { HTMLAttributes } from 'react'

/**
 * A placeholder block while content loads. Hidden from assistive technology: mark the loading region
 * itself (`aria-busy`, a status message) instead.
 */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden
      data-slot="skeleton"
      // Its look is a default in skeleton.css, so a class (`rounded-full`) replaces it by order.
      className={className}
      {...props}
    />
  )
}
