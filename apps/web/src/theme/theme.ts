/**
 * Dark mode follows the system: the shell's tokens switch on a `dark` class on <html> (menus, dialogs and
 * toasts render in <body>, so <html> is the place). Called once before the first render, so no flash.
 */
export function followSystemTheme(): void {
  const query = window.matchMedia('(prefers-color-scheme: dark)')
  const apply = () => document.documentElement.classList.toggle('dark', query.matches)
  apply()
  query.addEventListener('change', apply)
}
