import { useQuery } from '@tanstack/react-query'
import type { BrandFont } from '@templet/api/contract'
import { createDesignerStore, DESIGNER_STRINGS_EN, DESIGNER_STRINGS_ZH_CN, Designer } from '@templet/designer'
import { parseTemplate, type Template, TemplateError } from '@templet/template'
import { Button } from '@templet/ui/button'
import { Skeleton } from '@templet/ui/skeleton'
import { Copy, FileQuestion, LoaderCircle, Save } from 'lucide-react'
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker, useNavigate, useParams } from 'react-router'
import { fontListQuery, paletteQuery } from '../api/brand-kit-queries'
import { ApiFailureError } from '../api/client'
import { templateDocumentQuery, useDuplicateTemplate, useSaveTemplate } from '../api/template-library-queries'
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog'
import { EmptyState } from '../components/empty-state'
import { LinkButton } from '../components/link-button'
import { LoadError } from '../components/load-error'
import { designerFonts, designerPalette } from '../designer/brand-adapter'
import {
  clearDesignDraft,
  type DesignDraft,
  readDesignDraft,
  writeDesignDraft,
} from '../designer/design-draft'
import { readDesignerPanels, writeDesignerPanels } from '../designer/designer-panels'
import { readDesignerView, writeDesignerView } from '../designer/designer-view'
import { useDesignerImages } from '../designer/fixed-images'
import { loadTemplateFonts } from '../designer/fonts'
import { saveRefusal } from '../designer/save-refusal'
import { VersionHistoryButton } from '../designer/version-history'
import { notifySuccess, reportError } from '../feedback/notify'
import { formatDate } from '../i18n/format'
import { useDesignComments } from '../review/design-comments'
import { BackLink } from '../templates/back-to-templates'

/**
 * The name's draft is written this long after its last key; the design's at the end of each change (the
 * designer tells of a drag once, at its end).
 */
const AUTOSAVE_MS = 800
/** Narrower than this, the designer opens read-only: handles and panels need a pointer and room. */
const PHONE_QUERY = '(max-width: 767px)'

const idOf = (raw: string | undefined) => (raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined)

type SaveState =
  | { kind: 'saved' }
  | { kind: 'unsaved'; draftKept: boolean }
  | { kind: 'saving' }
  | { kind: 'error'; message: string; conflict?: boolean }

function useIsPhone(): boolean {
  const [phone, setPhone] = useState(() => window.matchMedia(PHONE_QUERY).matches)
  useEffect(() => {
    const query = window.matchMedia(PHONE_QUERY)
    const update = () => setPhone(query.matches)
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return phone
}

function DesignerSkeleton() {
  return (
    <div aria-busy="true" className="flex gap-4">
      <div className="flex w-40 flex-col gap-2">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-8" />
        ))}
      </div>
      <Skeleton className="aspect-square w-full max-w-xl" />
    </div>
  )
}

function NotFoundHere() {
  const { t } = useTranslation()
  return (
    <EmptyState
      icon={<FileQuestion className="size-6" />}
      title={t('notFound.title')}
      action={<LinkButton to="/templates/mine">{t('designer.mine.title')}</LinkButton>}
    >
      {t('designer.page.notFound')}
    </EmptyState>
  )
}

/**
 * The words of the designer in the reader's language: the app's own, the rest the package's. Its
 * read-only message says why: a phone, or a catalogue template.
 */
function useDesignerStrings(why: 'phone' | 'catalogue') {
  const { t, i18n } = useTranslation()
  const zh = i18n.language === 'zh-CN'
  return useMemo(
    () => ({
      ...(zh ? DESIGNER_STRINGS_ZH_CN : DESIGNER_STRINGS_EN),
      canvas: t('designer.page.canvas'),
      undo: t('designer.page.undo'),
      redo: t('designer.page.redo'),
      layers: t('designer.page.layers'),
      size: t('designer.page.size'),
      readOnly: why === 'phone' ? t('designer.page.readOnlyPhone') : t('designer.page.catalogueReadOnly'),
    }),
    [t, why, zh],
  )
}

/**
 * `/templates/:templateId/design`: a template's document in the designer (`@templet/designer`), with the
 * app's parts around it: loading, the brand kit's fonts loaded as `FontFace`s before the first paint,
 * saving a new version from the version edited (a 409 says someone saved in between), a draft kept in
 * localStorage while unsaved, a guard on leaving with unsaved changes, and read-only on a phone.
 */
export function TemplateDesignerPage() {
  const { t, i18n } = useTranslation()
  const templateId = idOf(useParams().templateId)
  const doc = useQuery({ ...templateDocumentQuery(templateId ?? 0), enabled: templateId !== undefined })
  const fonts = useQuery(fontListQuery())
  const palette = useQuery(paletteQuery())
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  /** The languages whose faces are loaded: the first paint waits for the first; a switch repaints once its are in. */
  const [fontsFor, setFontsFor] = useState<string[]>([])
  const fontsReady = fontsFor.length > 0

  const initial = useMemo(() => {
    if (!doc.data) return undefined
    const saved = { template: doc.data.document, draft: undefined }
    const draft = templateId ? readDesignDraft(templateId) : undefined
    if (!draft || doc.data.readOnly) return saved
    try {
      // A draft is what this browser kept, of whatever release: the model parses it as the server would.
      return { template: parseTemplate(draft.document), draft }
    } catch (e) {
      // A draft the model no longer takes is dropped; the saved version opens.
      if (e instanceof TemplateError) return saved
      throw e
    }
  }, [doc.data, templateId])

  // The first paint waits for the faces the texts draw with, so the canvas never shows a stand-in font.
  useEffect(() => {
    if (!initial || fonts.isPending) return
    let live = true
    loadTemplateFonts(initial.template, { brandFonts: fonts.data ?? [], locale })
      .catch(() => undefined)
      .finally(() => live && setFontsFor((done) => (done.includes(locale) ? done : [...done, locale])))
    return () => {
      live = false
    }
  }, [initial, fonts.isPending, fonts.data, locale])

  if (templateId === undefined || (doc.error instanceof ApiFailureError && doc.error.code === 404))
    return <NotFoundHere />
  return (
    <>
      <BackLink to="/templates/mine">{t('designer.mine.title')}</BackLink>
      {doc.isError ? (
        <LoadError onRetry={() => void doc.refetch()} />
      ) : !doc.data || !initial || !fontsReady ? (
        <>
          <title>{`${t('designer.page.title')} · Templet`}</title>
          <h1 className="mb-4 text-2xl font-semibold tracking-tight">{t('designer.page.title')}</h1>
          <p role="status" className="sr-only">
            {t('designer.page.loading')}
          </p>
          <DesignerSkeleton />
        </>
      ) : (
        <DesignerWorkspace
          // Keyed by the template alone: the document read again after the workspace's own save (a new
          // version) must not remount it, which would drop its state and re-read a draft the save is clearing.
          key={doc.data.id}
          id={doc.data.id}
          stored={doc.data}
          name={initial.draft?.name ?? doc.data.name}
          readOnly={doc.data.readOnly}
          template={initial.template}
          draft={initial.draft}
          fontsEpoch={fontsFor.length}
          brandFonts={fonts.data ?? []}
          fonts={designerFonts(fonts.data ?? [], (family) => t('designer.brandFont', { family }))}
          palette={designerPalette(palette.data)}
        />
      )}
    </>
  )
}

function DesignerWorkspace(p: {
  id: number
  /** The version the server holds now, as it stored it (read again after each save). */
  stored: { version: number; document: Template }
  name: string
  readOnly: boolean
  template: Template
  draft: DesignDraft | undefined
  /** Grows when another language's faces have loaded: the designer then draws again with them. */
  fontsEpoch: number
  /** The brand kit's font files, for a brand family picked while designing. */
  brandFonts: readonly BrandFont[]
  /** For the designer's font picker (the model's families and the brand kit's) and its colour swatches. */
  fonts: ReturnType<typeof designerFonts>
  palette: string[]
}) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const phone = useIsPhone()
  const strings = useDesignerStrings(phone ? 'phone' : 'catalogue')
  const nameId = useId()
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const [name, setName] = useState(p.name)
  /** One store per opened template: fonts and saves go into it, so the undo history and selection stay. */
  const [store] = useState(() => createDesignerStore(p.template))
  /** The document as of the designer's last change (a drag's end), which the draft and a save take. */
  const [document, setDocument] = useState<Template>(p.template)
  const [panels, setPanels] = useState(readDesignerPanels)
  // Read once: the designer keeps the view from there, and tells each change to be remembered.
  const [view] = useState(readDesignerView)
  const base = useRef(p.stored.version)
  /** What the last save sent, and the version it made: the server's copy of that version is compared with it. */
  const [sent, setSent] = useState<{ version: number; json: string }>()
  const savedJson = useRef(JSON.stringify(p.draft ? undefined : p.template))
  const savedName = useRef(p.draft ? undefined : p.name)
  const [state, setState] = useState<SaveState>(
    p.draft ? { kind: 'unsaved', draftKept: true } : { kind: 'saved' },
  )
  const [restored] = useState(p.draft)
  const save = useSaveTemplate()
  const duplicate = useDuplicateTemplate()
  const readOnly = p.readOnly || phone
  const images = useDesignerImages()
  // A catalogue template is no workspace's design: it has no comments.
  const comments = useDesignComments({
    enabled: !p.readOnly,
    templateId: p.id,
    version: base.current,
    store,
    locale,
  })

  /** What the designer shows now, for a save that ends after further changes. */
  const latest = useRef({ document, name })
  latest.current = { document, name }

  const dirty = state.kind === 'unsaved' || (state.kind === 'error' && !state.conflict)
  const changed = useCallback(
    (next: Template, nextName: string) =>
      JSON.stringify(next) !== savedJson.current || nextName !== savedName.current,
    [],
  )

  /** The design the draft was last written with: another one (a change's end) is kept without waiting. */
  const drafted = useRef(document)
  // Each change: unsaved now, and the draft written at once for the design, once the typing pauses for the name.
  useEffect(() => {
    if (p.readOnly || !changed(document, name)) return
    setState((s) => (s.kind === 'saving' ? s : { kind: 'unsaved', draftKept: false }))
    const delay = document === drafted.current ? AUTOSAVE_MS : 0
    const timer = setTimeout(() => {
      // A save that took these very changes meanwhile leaves nothing to keep.
      if (!changed(document, name)) return
      drafted.current = document
      const kept = writeDesignDraft(p.id, {
        document,
        name,
        baseVersion: base.current,
        savedAt: Date.now(),
      })
      setState((s) => (s.kind === 'unsaved' ? { kind: 'unsaved', draftKept: kept } : s))
    }, delay)
    return () => clearTimeout(timer)
  }, [document, name, p.id, p.readOnly, changed])

  // Another language's faces came in: the designer draws again with them, keeping all it holds.
  useEffect(() => {
    if (p.fontsEpoch > 1) store.fontsChanged()
  }, [p.fontsEpoch, store])

  // A family picked or a script typed since the designer opened: its faces load now, and the canvas draws
  // again once they are in (until then it shows the stack's next face).
  useEffect(() => {
    let live = true
    loadTemplateFonts(document, { brandFonts: p.brandFonts, locale })
      .then((fresh) => {
        if (fresh && live) store.fontsChanged()
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [document, p.brandFonts, locale, store])

  // The server's copy of the version this page saved: where it wrote the design otherwise (normalised it), the
  // designer shows the server's copy, with its undo history and selection, unless it was changed since the save.
  useEffect(() => {
    if (!sent || p.stored.version !== sent.version) return
    const stored = p.stored.document
    const json = JSON.stringify(stored)
    if (json === sent.json || JSON.stringify(store.getDocument()) !== sent.json) return
    savedJson.current = json
    store.replace(stored, { keepHistory: true })
    setDocument(stored)
  }, [p.stored, sent, store])

  // Closing the tab or reloading with unsaved changes asks first (the draft is kept either way).
  useEffect(() => {
    if (!dirty) return
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  )

  async function saveNow() {
    // Ctrl+S with nothing new (or a save on its way) makes no version, as the disabled button would not.
    if (state.kind === 'saved' || state.kind === 'saving') return
    const trimmed = name.trim()
    if (!trimmed) {
      setState({ kind: 'error', message: t('designer.page.nameRequired') })
      return
    }
    setState({ kind: 'saving' })
    try {
      const saved = await save.mutateAsync({
        id: p.id,
        baseVersion: base.current,
        name: trimmed,
        document,
      })
      base.current = saved.version
      savedJson.current = JSON.stringify(document)
      savedName.current = name
      setSent({ version: saved.version, json: savedJson.current })
      clearDesignDraft(p.id)
      // Changes made while the save was on its way are not in it.
      setState(
        changed(latest.current.document, latest.current.name)
          ? { kind: 'unsaved', draftKept: false }
          : { kind: 'saved' },
      )
    } catch (error) {
      if (error instanceof ApiFailureError)
        setState({
          kind: 'error',
          message: saveRefusal(t, i18n.language, error),
          conflict: error.code === 409,
        })
      else {
        setState({ kind: 'error', message: t('designer.page.saveFailed') })
        reportError(error)
      }
    }
  }

  /** A copy of this document as a new template (after a conflict, or from a catalogue template). */
  async function saveAsCopy() {
    setState({ kind: 'saving' })
    try {
      const copy = await save.mutateAsync({
        name: `${name.trim() || p.name}`.slice(0, 80),
        document,
      })
      clearDesignDraft(p.id)
      savedJson.current = JSON.stringify(document)
      savedName.current = name
      setState({ kind: 'saved' })
      await navigate(`/templates/${copy.id}/design`, { replace: true })
    } catch (error) {
      setState({
        kind: 'error',
        message:
          error instanceof ApiFailureError
            ? saveRefusal(t, i18n.language, error)
            : t('designer.page.saveFailed'),
      })
    }
  }

  async function customise() {
    try {
      const copy = await duplicate.mutateAsync(p.id)
      await navigate(`/templates/${copy.id}/design`)
    } catch (error) {
      reportError(error)
    }
  }

  // Ctrl/Cmd+S saves, as in every editor.
  const saveRef = useRef(saveNow)
  saveRef.current = saveNow
  useEffect(() => {
    if (readOnly) return
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault()
        void saveRef.current()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [readOnly])

  const status =
    state.kind === 'saving'
      ? t('designer.page.saving')
      : state.kind === 'saved'
        ? t('designer.page.saved', { version: base.current })
        : state.kind === 'unsaved'
          ? state.draftKept
            ? t('designer.page.draftKept')
            : t('designer.page.unsaved')
          : state.message

  return (
    <>
      <title>{`${name || p.name} · Templet`}</title>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="sr-only">{name || p.name}</h1>
          {p.readOnly ? (
            <p className="text-2xl font-semibold tracking-tight">{p.name}</p>
          ) : (
            <div className="flex flex-col gap-1">
              <label htmlFor={nameId} className="text-xs font-medium text-muted-foreground">
                {t('designer.page.name')}
              </label>
              <input
                id={nameId}
                value={name}
                maxLength={80}
                disabled={readOnly}
                onChange={(e) => setName(e.target.value)}
                className="h-10 w-72 max-w-full rounded-md border border-input bg-background px-3 text-lg font-semibold"
              />
            </div>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p
            role="status"
            data-testid="save-state"
            data-state={state.kind}
            className={state.kind === 'error' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
          >
            {state.kind === 'saving' ? (
              <LoaderCircle aria-hidden="true" className="me-1 inline size-4 animate-spin" />
            ) : null}
            {p.readOnly ? t('designer.page.catalogueReadOnly') : status}
          </p>
          {p.readOnly ? (
            <Button onClick={() => void customise()} disabled={duplicate.isPending}>
              <Copy aria-hidden="true" />
              {t('designer.customise')}
            </Button>
          ) : (
            <>
              {state.kind === 'error' && state.conflict ? (
                <Button variant="outline" onClick={() => void saveAsCopy()}>
                  {t('designer.page.saveCopy')}
                </Button>
              ) : null}
              {comments.toggle}
              {readOnly ? null : (
                <VersionHistoryButton
                  id={p.id}
                  current={base.current}
                  onRestore={(restored, version) => {
                    // A change of the person's: undone like any other, kept by the next save as a new version.
                    store.dispatch({ type: 'replace', document: restored })
                    notifySuccess(t('designer.history.restored', { version }))
                  }}
                />
              )}
              <Button
                onClick={() => void saveNow()}
                disabled={readOnly || state.kind === 'saving' || state.kind === 'saved'}
              >
                <Save aria-hidden="true" />
                {t('designer.page.save')}
              </Button>
            </>
          )}
        </div>
      </div>
      {restored ? (
        <p className="mb-3 rounded-md border border-border bg-muted px-3 py-2 text-sm">
          {t('designer.page.restored', {
            when: formatDate(new Date(restored.savedAt), 'moment', i18n.language),
          })}
        </p>
      ) : null}
      <div
        className={comments.panel ? 'grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]' : undefined}
        data-testid="designer-and-comments"
      >
        <div className="min-w-0 overflow-auto" data-testid="designer">
          <Designer
            store={store}
            onChange={setDocument}
            locale={locale}
            zoom="fit-width"
            readOnly={readOnly}
            strings={strings}
            fonts={p.fonts}
            palette={p.palette}
            uploadImage={images.uploadImage}
            loadImage={images.loadImage}
            panels={panels}
            onPanelsChange={(next) => {
              setPanels(next)
              writeDesignerPanels(next)
            }}
            view={view}
            onViewChange={writeDesignerView}
            annotations={comments.annotations}
          />
        </div>
        {comments.panel}
      </div>
      <ConfirmDeleteDialog
        open={blocker.state === 'blocked'}
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
        pending={false}
        title={t('designer.page.leaveTitle')}
        description={t('designer.page.leaveBody')}
        labels={{
          cancel: t('designer.page.stay'),
          confirm: t('designer.page.leave'),
          pending: t('designer.page.leave'),
        }}
      />
    </>
  )
}
