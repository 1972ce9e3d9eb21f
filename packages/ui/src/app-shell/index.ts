export { AppShell, type AppShellProps } from './app-shell'
