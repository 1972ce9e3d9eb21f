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

// A pre-rendered page shows at once: the app's code (React, the router, the texts) is evaluated only
// after the first paint, not before it. Its files are already being fetched (modulepreload links).
if (document.getElementById('root')?.hasAttribute('data-prerendered')) await afterFirstPaint()
await import('./start')
