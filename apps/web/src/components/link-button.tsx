import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { type ButtonStyle, buttonClass } from './button'

/** A router link that looks like a button. */
export function LinkButton({
  to,
  children,
  variant,
  size,
  className,
}: { to: string; children: ReactNode; className?: string } & ButtonStyle) {
  return (
    <Link to={to} className={buttonClass({ variant, size }, className)}>
      {children}
    </Link>
  )
}
