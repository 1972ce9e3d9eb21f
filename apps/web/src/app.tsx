import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { i18n } from './i18n'

/**
 * What every route renders inside: the texts. The browser puts its data router in it (start.tsx), the
 * build-time pre-render its static router (prerender.tsx), so both render the same tree and hydration
 * matches. The server-state cache is a route of its own (layouts/query-layout.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
}
