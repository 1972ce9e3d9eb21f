import '@templet/ui/styles.css'
import './app.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { BrowserRouter, useNavigate } from 'react-router'
import { i18n } from './i18n'
import { RouteErrorBoundary } from './layouts/root-layout'
import { setNavigator } from './router/navigation'
import { AppRoutes, preloadRoute } from './router/routes'
import { hasSession } from './session/session'
import { followSystemTheme } from './theme/theme'

followSystemTheme()

preloadRoute(window.location.pathname, hasSession())

/** Lets the API client's 401 handler navigate through the router. */
function NavigationBridge() {
  const navigate = useNavigate()
  setNavigator(navigate)
  return null
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <NavigationBridge />
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </I18nextProvider>
  </StrictMode>,
)
