import '@templet/ui/styles.css'
import './app.css'

/**
 * Resolves once the browser has painted the page's content (the first-contentful-paint entry), or after
 * `limit` ms without one (a tab in the background paints nothing).
 */
function afterFirstPaint(limit = 1000): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      observer?.disconnect()
      clearTimeout(timer)
      // The paint entry is reported during the frame; the next task runs after it.
      setTimeout(resolve, 0)
    }
    const timer = setTimeout(done, limit)
    let observer: PerformanceObserver | undefined
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done()
      })
      observer.observe({ type: 'paint', buffered: true })
    } catch {
      requestAnimationFrame(done)
    }
  })
}

const html = document.documentElement
// A pre-rendered page's markup in the languages this visitor does not read (hidden since the boot script set
// <html lang>) goes at once: only one copy of the page is ever in the document for scripts and tests.
for (const element of document.querySelectorAll<HTMLElement>('[data-prerendered]')) {
  if (element.lang !== html.lang) element.remove()
  else element.id = 'root'
}
// On its way to another page (the boot script, the guard's redirects): nothing to start here.
if (!('leaving' in html.dataset)) {
  // A pre-rendered page shows at once, for every visitor (the boot script picks its language): the app's code
  // (React, the router, the texts) is evaluated only after that paint, not before it. Its files are
  // already being fetched (modulepreload links). The shell of other paths paints nothing by itself.
  if (document.querySelector('[data-prerendered]')) await afterFirstPaint()
  await import('./start')
}
