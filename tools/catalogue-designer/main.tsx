import '@templet/ui/styles.css'
import { Designer } from '@templet/designer'
import { DOCUMENT_FORMAT, parseTemplate, type Template } from '@templet/template'
import { Button } from '@templet/ui/button'
import { StrictMode, useCallback, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
// The web app's own font loading, so the catalogue is designed with the faces customers see it drawn in.
import { loadTemplateFonts } from '../../apps/web/src/designer/fonts'

type Locale = 'en' | 'zh-CN'

/** A new catalogue template of the current format: one size and one text, to design from. */
function newTemplate(id: string, typeId: string): Template {
  return parseTemplate({
    format: DOCUMENT_FORMAT,
    id,
    typeId,
    name: { en: id, 'zh-CN': id },
    sizes: [{ id: 'square', width: 1080, height: 1080, label: { en: 'Square post', 'zh-CN': '方形帖子' } }],
    fields: [],
    layers: [
      {
        id: 'title',
        type: 'text',
        text: { en: 'Title', 'zh-CN': '标题' },
        size: 96,
        box: { x: 90, y: 90, w: 900, h: 200 },
      },
    ],
    samples: { en: {}, 'zh-CN': {} },
  })
}

async function problemOf(res: Response): Promise<string> {
  const body = (await res.json().catch(() => undefined)) as { message?: string } | undefined
  return body?.message ?? `${res.status} ${res.statusText}`
}

/** Fixed images of the catalogue's own: stored in its asset folder under a name made from the file's. */
async function uploadImage(file: File): Promise<string> {
  const name = file.name
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
  const res = await fetch(`/catalogue/images/${name || 'image'}`, { method: 'POST', body: file })
  if (!res.ok) throw new Error(await problemOf(res))
  return ((await res.json()) as { ref: string }).ref
}

async function loadImage(ref: string): Promise<ImageBitmap | undefined> {
  if (!ref.startsWith('sample:')) return undefined
  const res = await fetch(`/catalogue/images/${encodeURIComponent(ref.slice('sample:'.length))}`)
  return res.ok ? createImageBitmap(await res.blob()) : undefined
}

/**
 * The catalogue workflow's page: the designer on `catalogue/templates/<id>.json` (`?id=`; a new id starts a new
 * template of `?type=`), its fonts loaded as the app loads them, Save (Ctrl/Cmd+S) writing the file back.
 */
function CatalogueDesigner({ id, typeId, from }: { id: string; typeId: string; from?: string }) {
  const [document, setDocument] = useState<Template>()
  const [saved, setSaved] = useState<Template>()
  const [locale, setLocale] = useState<Locale>('en')
  const [status, setStatus] = useState('Loading…')
  const [fontsReady, setFontsReady] = useState(false)

  useEffect(() => {
    void (async () => {
      const res = await fetch(`/catalogue/templates/${id}`)
      if (res.status === 404) {
        // A new template: blank, or a copy of another one to start from (`?from=`).
        const source = from ? await fetch(`/catalogue/templates/${from}`) : undefined
        if (source && !source.ok) throw new Error(await problemOf(source))
        const fresh = source ? parseTemplate({ ...(await source.json()), id }) : newTemplate(id, typeId)
        setDocument(fresh)
        setStatus(
          `New template "${id}"${from ? ` from "${from}"` : ''}: Save writes catalogue/templates/${id}.json`,
        )
        return
      }
      if (!res.ok) throw new Error(await problemOf(res))
      const loaded = parseTemplate(await res.json())
      setDocument(loaded)
      setSaved(loaded)
      setStatus(`Opened catalogue/templates/${id}.json`)
    })().catch((e: unknown) => setStatus(`Could not open the template: ${(e as Error).message}`))
  }, [id, typeId, from])

  // The faces of the document as opened, in both languages, before the first paint (as the app's designer page
  // loads them), so the canvas never shows a stand-in font.
  const opened = document !== undefined
  useEffect(() => {
    if (!opened || !document) return
    void Promise.all(
      (['en', 'zh-CN'] as const).map((l) =>
        loadTemplateFonts(document, { locale: l }).catch(() => undefined),
      ),
    ).then(() => setFontsReady(true))
  }, [opened])

  const latest = useRef(document)
  latest.current = document
  const save = useCallback(async () => {
    const doc = latest.current
    if (!doc) return
    setStatus('Saving…')
    // Until it is first saved, a template made from another is written in that file's order.
    const made = from && !saved ? `?from=${encodeURIComponent(from)}` : ''
    const res = await fetch(`/catalogue/templates/${id}${made}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(doc),
    })
    if (!res.ok) {
      setStatus(`Not saved: ${await problemOf(res)}`)
      return
    }
    const { changed } = (await res.json()) as { changed: boolean }
    setSaved(doc)
    setStatus(changed ? `Saved catalogue/templates/${id}.json` : 'Saved: the file had no changes')
  }, [id, from, saved])

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault()
        void save()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [save])

  const unsaved = document !== undefined && document !== saved
  useEffect(() => {
    if (!unsaved) return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [unsaved])

  return (
    <div style={{ padding: 16, fontFamily: 'system-ui, sans-serif' }}>
      <header style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12, flexWrap: 'wrap' }}>
        <h1 style={{ fontSize: 18, fontWeight: 600, margin: 0 }}>Catalogue: {id}</h1>
        <label>
          Language{' '}
          <select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
            <option value="en">English</option>
            <option value="zh-CN">简体中文</option>
          </select>
        </label>
        {document
          ? (['en', 'zh-CN'] as const).map((l) => (
              <label key={l}>
                {l === 'en' ? 'Name' : 'Name (zh-CN)'}{' '}
                <input
                  value={document.name[l]}
                  onChange={(e) =>
                    setDocument({ ...document, name: { ...document.name, [l]: e.target.value } })
                  }
                />
              </label>
            ))
          : null}
        <Button onClick={() => void save()} disabled={!document}>
          Save
        </Button>
        <p role="status" data-testid="catalogue-status" style={{ margin: 0 }}>
          {unsaved ? `${status} · unsaved changes` : status}
        </p>
      </header>
      {document && fontsReady ? (
        <Designer
          document={document}
          onChange={setDocument}
          locale={locale}
          uploadImage={uploadImage}
          loadImage={loadImage}
        />
      ) : null}
    </div>
  )
}

const params = new URLSearchParams(location.search)
const root = document.getElementById('root')
if (root)
  createRoot(root).render(
    <StrictMode>
      <CatalogueDesigner
        id={params.get('id') ?? 'new-template'}
        typeId={params.get('type') ?? 'social-posts'}
        from={params.get('from') ?? undefined}
      />
    </StrictMode>,
  )
