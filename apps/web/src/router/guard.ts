import { isCheckoutPath, loginPathFor, signedInTarget } from '@templet/api/paths'
import { type LoaderFunctionArgs, redirect } from 'react-router'
import { hasSession } from '../session/session'

/**
 * The guard (docs/product.md#the-guard) as route loaders: they run before a route renders, so a protected screen
 * never paints for a visitor without a session. The protected routes re-run theirs on every navigation
 * (`shouldRevalidate`), since another tab may have signed out.
 */

/** Protected routes: without a session, `/login?redirect=<path+search>`. */
export function requireSession({ request }: LoaderFunctionArgs): null {
  if (hasSession()) return null
  const { pathname, search } = new URL(request.url)
  throw redirect(loginPathFor(`${pathname}${search}`))
}

/** `/login` and `/register` with a session go to their `redirect`, else to the dashboard. */
export function redirectSignedIn({ request }: LoaderFunctionArgs): null {
  if (hasSession()) throw redirect(signedInTarget(new URL(request.url).search))
  return null
}

/** An unmatched path: public when it contains `checkout` ("offer not found"), else protected (the 404). */
export function guardUnmatched(args: LoaderFunctionArgs): null {
  return isCheckoutPath(new URL(args.request.url).pathname) ? null : requireSession(args)
}
