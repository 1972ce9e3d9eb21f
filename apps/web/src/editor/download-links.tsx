import type { Creation } from '@templet/api'
import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cx } from '../components/cx'

const FORMATS = [
  { key: 'png', label: 'PNG' },
  { key: 'jpeg', label: 'JPEG' },
  { key: 'webp', label: 'WebP' },
  { key: 'pdf', label: 'PDF' },
] as const

const linkClass = (compact: boolean) =>
  cx(
    'inline-flex items-center justify-center gap-1.5 rounded-md border border-border bg-background font-medium hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    compact ? 'h-8 px-1.5 text-xs' : 'h-9 px-3 text-sm',
  )

/**
 * The download links of a creation's files (`&download=1`: the server names the file after the creation and
 * its sheet, `award-certificate-a4.pdf`). A print size adds its PDF, the PDF for print shops (3 mm bleed,
 * crop marks) and, when the template has several print sizes, one PDF with a page per size. A design of several
 * pages lists each later page's files under it (the compact list leaves them to the PDF, which has every page).
 */
export function DownloadLinks({ creation, compact = false }: { creation: Creation; compact?: boolean }) {
  const { t } = useTranslation()
  const files = FORMATS.flatMap(({ key, label }) => {
    const url = creation.files[key]
    return url ? [{ key, label, url }] : []
  })
  const print = [
    creation.files.pdfPrint && {
      key: 'pdfPrint',
      url: creation.files.pdfPrint,
      label: compact ? t('media.pdfPrintShort') : t('media.pdfPrint'),
      name: t(creation.pdfPrintOptions?.cropMarks === false ? 'media.downloadBleed' : 'media.downloadPrint', {
        name: creation.name,
        label: compact ? t('media.pdfPrintShort') : t('media.pdfPrint'),
      }),
    },
    creation.files.pdfSizes && {
      key: 'pdfSizes',
      url: creation.files.pdfSizes,
      label: compact ? t('media.pdfSizesShort') : t('media.pdfSizes'),
      name: t('media.downloadSizes', {
        name: creation.name,
        label: compact ? t('media.pdfSizesShort') : t('media.pdfSizes'),
      }),
    },
  ].filter((x) => !!x)
  return (
    <div className={compact ? 'grid gap-1.5' : 'flex flex-col gap-2'}>
      <div
        className={
          compact
            ? cx('grid gap-1.5', files.length > 3 ? 'grid-cols-4' : 'grid-cols-3')
            : 'flex flex-wrap gap-2'
        }
      >
        {files.map(({ key, label, url }) => (
          <a
            key={key}
            href={`${url}&download=1`}
            download
            aria-label={t('media.download', { format: label, name: creation.name })}
            className={linkClass(compact)}
          >
            <Download aria-hidden="true" className={compact ? 'size-3.5' : 'size-4'} />
            {compact ? label : t('media.downloadFormat', { format: label })}
          </a>
        ))}
      </div>
      {print.length > 0 ? (
        <div className={compact ? 'grid grid-cols-2 gap-1.5' : 'flex flex-wrap gap-2'}>
          {print.map(({ key, label, url, name }) => (
            <a
              key={key}
              href={`${url}&download=1`}
              download
              aria-label={name}
              title={name}
              className={linkClass(compact)}
            >
              <Download aria-hidden="true" className={compact ? 'size-3.5' : 'size-4'} />
              {label}
            </a>
          ))}
        </div>
      ) : null}
      {!compact && creation.files.pages
        ? creation.files.pages.map((page, i) => {
            const n = i + 2
            const pageName = `${creation.name} (${t('media.pageFiles', { n })})`
            return (
              <div key={n} className="flex flex-wrap items-center gap-2" data-testid="page-downloads">
                <span className="min-w-16 text-sm text-muted-foreground">{t('media.pageFiles', { n })}</span>
                {FORMATS.flatMap(({ key, label }) => {
                  const url = key === 'pdf' ? undefined : page[key]
                  return url
                    ? [
                        <a
                          key={key}
                          href={`${url}&download=1`}
                          download
                          aria-label={t('media.download', { format: label, name: pageName })}
                          className={linkClass(false)}
                        >
                          <Download aria-hidden="true" className="size-4" />
                          {label}
                        </a>,
                      ]
                    : []
                })}
              </div>
            )
          })
        : null}
    </div>
  )
}
