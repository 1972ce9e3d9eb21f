import { useQuery } from '@tanstack/react-query'
import type { BrandFont } from '@templet/api/contract'
import { FONT_MAX_BYTES, PALETTE_COLORS_MAX } from '@templet/api/limits'
import { Button } from '@templet/ui/button'
import { Skeleton } from '@templet/ui/skeleton'
import { Plus, Trash2, Type, Upload, X } from 'lucide-react'
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  fontListQuery,
  paletteQuery,
  useDeleteFont,
  useSavePalette,
  useUploadFont,
} from '../api/brand-kit-queries'
import { ApiFailureError } from '../api/client'
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog'
import { EmptyState } from '../components/empty-state'
import { LoadError } from '../components/load-error'
import { PageTitle } from '../components/page-title'
import { RowsSkeleton } from '../components/rows-skeleton'
import { brandFaces, loadFaces } from '../designer/fonts'
import { notifySuccess, reportError, showToast } from '../feedback/notify'

const FONT_TYPES = '.ttf,.otf,.woff2,font/ttf,font/otf,font/woff2'

/** A font's sample line, drawn in the font itself once its file has loaded. */
function FontSample({ font }: { font: BrandFont }) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    const face = `Templet Brand ${font.familyKey.slice('brand-'.length)}`
    void loadFaces([{ face, weight: font.weight, italic: font.style === 'italic' }], brandFaces([font])).then(
      () => live && setReady(true),
    )
    return () => {
      live = false
    }
  }, [font])
  return (
    <p
      className="truncate text-2xl"
      style={
        ready
          ? {
              fontFamily: `'Templet Brand ${font.familyKey.slice('brand-'.length)}'`,
              fontWeight: font.weight,
              fontStyle: font.style,
            }
          : { opacity: 0 }
      }
    >
      Aa Bb Cc 0123
    </p>
  )
}

function Fonts() {
  const { t } = useTranslation()
  const fonts = useQuery(fontListQuery())
  const upload = useUploadFont()
  const remove = useDeleteFont()
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const [error, setError] = useState<string | undefined>(undefined)
  const [doomed, setDoomed] = useState<BrandFont | undefined>(undefined)

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    setError(undefined)
    if (file.size > FONT_MAX_BYTES) {
      setError(t('designer.brand.tooLarge', { mb: FONT_MAX_BYTES / 2 ** 20 }))
      return
    }
    try {
      const font = await upload.mutateAsync(file)
      notifySuccess(t('designer.brand.added', { family: font.family, weight: font.weight }))
    } catch (err) {
      if (err instanceof ApiFailureError)
        setError(
          err.code === 413
            ? t('designer.brand.tooLarge', { mb: FONT_MAX_BYTES / 2 ** 20 })
            : t('designer.brand.refused', { reason: err.msg.replace(/^file: /, '') }),
        )
      else reportError(err)
    }
  }

  const label = (f: BrandFont) =>
    `${f.family} ${f.weight}${f.style === 'italic' ? ` ${t('designer.brand.italic')}` : ''}`

  return (
    <section aria-labelledby={`${inputId}-title`} className="mb-10">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${inputId}-title`} className="text-lg font-semibold">
            {t('designer.brand.fonts')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t('designer.brand.fontsIntro', { mb: FONT_MAX_BYTES / 2 ** 20 })}
          </p>
        </div>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={FONT_TYPES}
          // The visible button below opens it; the input itself is out of the tab order but still named.
          aria-label={t('designer.brand.upload')}
          tabIndex={-1}
          className="sr-only"
          onChange={(e) => void onFile(e)}
          data-testid="font-file"
        />
        <Button onClick={() => input.current?.click()} disabled={upload.isPending}>
          <Upload aria-hidden="true" />
          {upload.isPending ? t('designer.brand.uploading') : t('designer.brand.upload')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mb-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {fonts.isPending ? (
        <RowsSkeleton rowClassName="h-16" gap="gap-2" />
      ) : fonts.isError ? (
        <LoadError onRetry={() => void fonts.refetch()} />
      ) : fonts.data.length === 0 ? (
        <EmptyState icon={<Type className="size-6" />} title={t('designer.brand.noFontsTitle')}>
          {t('designer.brand.noFontsBody')}
        </EmptyState>
      ) : (
        <ul
          data-testid="brand-fonts"
          className="flex flex-col divide-y divide-border rounded-xl border border-border"
        >
          {fonts.data.map((font) => (
            <li key={font.id} className="flex items-center gap-4 p-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium">{label(font)}</p>
                <FontSample font={font} />
                <p className="text-xs text-muted-foreground">
                  {font.format.toUpperCase()} · {Math.ceil(font.bytes / 1024)} kB
                </p>
              </div>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setDoomed(font)}
                aria-label={t('designer.brand.deleteOne', { font: label(font) })}
              >
                <Trash2 aria-hidden="true" />
                {t('designer.mine.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDeleteDialog
        open={doomed !== undefined}
        onCancel={() => setDoomed(undefined)}
        onConfirm={() =>
          doomed &&
          remove.mutate(doomed.id, {
            onSuccess: () => {
              setDoomed(undefined)
              notifySuccess(t('designer.brand.deleted'))
            },
            onError: (err) =>
              err instanceof ApiFailureError ? showToast('error', err.msg) : reportError(err),
          })
        }
        pending={remove.isPending}
        title={t('designer.brand.deleteTitle', { font: doomed ? label(doomed) : '' })}
        description={t('designer.brand.deleteBody')}
        labels={{
          cancel: t('designer.mine.cancel'),
          confirm: t('designer.mine.delete'),
          pending: t('designer.mine.deleting'),
        }}
      />
    </section>
  )
}

function PaletteEditor() {
  const { t } = useTranslation()
  const palette = useQuery(paletteQuery())
  const save = useSavePalette()
  const pickerId = useId()
  const [next, setNext] = useState('#1e40af')
  const [error, setError] = useState<string | undefined>(undefined)

  async function store(colors: string[]) {
    setError(undefined)
    try {
      await save.mutateAsync(colors)
    } catch (err) {
      if (err instanceof ApiFailureError) setError(err.msg)
      else reportError(err)
    }
  }

  const colors = palette.data ?? []
  return (
    <section aria-labelledby={`${pickerId}-title`}>
      <h2 id={`${pickerId}-title`} className="text-lg font-semibold">
        {t('designer.brand.palette')}
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        {t('designer.brand.paletteIntro', { max: PALETTE_COLORS_MAX })}
      </p>
      {palette.isPending ? (
        <Skeleton className="h-12 w-64" />
      ) : palette.isError ? (
        <LoadError onRetry={() => void palette.refetch()} />
      ) : (
        <>
          <ul data-testid="palette" className="mb-4 flex flex-wrap gap-3">
            {colors.map((color) => (
              <li key={color} className="flex items-center gap-2 rounded-lg border border-border p-1.5 pe-2">
                <span
                  aria-hidden="true"
                  className="size-8 rounded-md border border-border"
                  style={{ background: color }}
                />
                <span className="font-mono text-sm">{color}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('designer.brand.removeColor', { color })}
                  onClick={() => void store(colors.filter((c) => c !== color))}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
            {colors.length === 0 ? (
              <li className="text-sm text-muted-foreground">{t('designer.brand.noColors')}</li>
            ) : null}
          </ul>
          <div className="flex flex-wrap items-end gap-2">
            <label htmlFor={pickerId} className="flex flex-col gap-1 text-sm font-medium">
              {t('designer.brand.newColor')}
              <input
                id={pickerId}
                type="color"
                value={next}
                onChange={(e) => setNext(e.target.value)}
                className="h-10 w-16 rounded-md border border-input bg-background"
              />
            </label>
            <Button
              variant="outline"
              disabled={save.isPending || colors.length >= PALETTE_COLORS_MAX || colors.includes(next)}
              onClick={() => void store([...colors, next])}
            >
              <Plus aria-hidden="true" />
              {t('designer.brand.addColor')}
            </Button>
          </div>
          {error ? (
            <p role="alert" className="mt-2 text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}

/** The brand kit (`/brand-kit`): the customer's own fonts and colours, offered in the designer. */
export function BrandKitPage() {
  const { t } = useTranslation()
  return (
    <>
      <PageTitle title={t('designer.brand.title')}>{t('designer.brand.intro')}</PageTitle>
      <Fonts />
      <PaletteEditor />
    </>
  )
}
