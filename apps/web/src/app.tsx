import { I18nextProvider } from 'react-i18next'
import { useNavigate } from 'react-router'
import { i18n } from './i18n'
import { RouteErrorBoundary } from './layouts/root-layout'
import { setNavigator } from './router/navigation'
import { AppRoutes } from './router/routes'

/** Lets the API client's 401 handler navigate through the router. */
function NavigationBridge() {
  const navigate = useNavigate()
  setNavigator(navigate)
  return null
}

/**
 * The whole app under a router: the browser puts it in a BrowserRouter (start.tsx), the build-time
 * pre-render in a StaticRouter (prerender.tsx), so both render the same tree and hydration matches.
 */
export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <NavigationBridge />
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
    </I18nextProvider>
  )
}
