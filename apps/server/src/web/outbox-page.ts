import { Hono } from 'hono'
import type { AppEnv } from '../app-env'
import { readOutbox } from '../services/mail/mailer'

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
/** The text with its links made clickable (the mails' links are the app's own pages). */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)

/**
 * `/dev/outbox`: the mails the server wrote to `DATA_DIR/outbox` instead of sending (no SMTP server set up),
 * newest first, with their links, so that a developer or a test can follow a reset or confirmation link. Only
 * mounted outside production.
 */
export function outboxPage(outboxDir: string) {
  const app = new Hono<AppEnv>()
  app.get('/', async (c) => {
    const mails = await readOutbox(outboxDir)
    const items = mails
      .map(
        (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p><strong>To:</strong> <span class="to">${escapeHtml(m.to)}</span> · <time datetime="${m.sentAt}">${escapeHtml(m.sentAt)}</time> · ${escapeHtml(m.file)}</p>
<pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join('\n<hr>\n')
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox</title></head>
<body><main><h1>Outbox</h1><p>Mail written to the outbox because no SMTP server is configured (development only).</p>
${items || '<p>No mail yet.</p>'}</main></body></html>`
    return c.html(html, 200, { 'Cache-Control': 'no-store' })
  })
  return app
}
