import { type ButtonProps, buttonVariants } from '@templet/ui/button'
import type { ReactNode } from 'react'
import { Link } from 'react-router'

/** A router link that looks like a button. */
export function LinkButton({
  to,
  children,
  variant,
  size,
  className,
}: { to: string; children: ReactNode; className?: string } & Pick<ButtonProps, 'variant' | 'size'>) {
  return (
    <Link to={to} className={buttonVariants({ variant, size, className })}>
      {children}
    </Link>
  )
}
