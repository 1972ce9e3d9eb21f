/**
 * Dark mode follows the system: the shell's tokens switch on a `dark` class on <html> (menus, dialogs and
 * toasts render in <body>, so <html> is the place). Called once before the first render, so no flash.
 */
export function followSystemTheme(): void {
  const query = applySystemTheme()
  query.addEventListener('change', applySystemTheme)
}

/** The system's scheme on <html> now (src/boot.ts calls it before the first paint, so a dark page never flashes light). */
export function applySystemTheme(): MediaQueryList {
  const query = window.matchMedia('(prefers-color-scheme: dark)')
  document.documentElement.classList.toggle('dark', query.matches)
  return query
}
