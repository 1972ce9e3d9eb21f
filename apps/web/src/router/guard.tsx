import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { loginPathFor } from '../session/redirect'
import { hasSession } from '../session/session'

/**
 * Protected routes: without a session, `/login?redirect=<path+search>`. Decided synchronously during
 * render, before the protected screen (or even its code) is loaded, so it never flashes; re-checked on
 * every navigation, since another tab may have signed out.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation()
  if (!hasSession()) return <Navigate to={loginPathFor(`${pathname}${search}`)} replace />
  return children
}

/** `/login` and `/register` with a session go to the dashboard. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  if (hasSession()) return <Navigate to="/dashboard" replace />
  return children
}

/** Any path containing `checkout` is public (PRODUCT.md §3). */
export function isCheckoutPath(pathname: string): boolean {
  return pathname.toLowerCase().includes('checkout')
}
