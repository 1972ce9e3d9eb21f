import type { TemplateDetail } from '@templet/api'
import { useTranslation } from 'react-i18next'

type TemplateSize = TemplateDetail['sizes'][number]

/** How big a size is to a customer: the sheet of a print size ("210 × 297 mm"), else its pixels. */
export const sizeDetail = (s: Pick<TemplateSize, 'width' | 'height' | 'print'>) =>
  s.print ? `${s.print.width} × ${s.print.height} ${s.print.unit}` : `${s.width}×${s.height}`

const FORMAT_LABELS = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP', pdf: 'PDF' } as const

/**
 * What a creation of the chosen size downloads as: for a print size, PDF too at 300 dpi, a PDF with bleed and
 * crop marks for print shops, and when the template has several print sizes, all of them in one PDF.
 */
export function SizeFormats({
  size,
  sizes,
  locale,
}: {
  size: TemplateSize
  sizes: TemplateSize[]
  locale: 'en' | 'zh-CN'
}) {
  const { t } = useTranslation()
  const formats = size.formats.map((f) => FORMAT_LABELS[f]).join(' · ')
  const printSizes = sizes.filter((s) => s.print).map((s) => s.labels[locale])
  return (
    <div className="text-sm text-muted-foreground">
      <p data-testid="size-formats">
        {t('media.editor.formats', { formats })}
        {size.print ? ` · ${t('media.editor.printReady', { sheet: sizeDetail(size) })}` : null}
      </p>
      {size.print ? (
        <p data-testid="size-print-pdfs">
          {t('media.editor.printShop')}
          {printSizes.length > 1
            ? t('media.editor.allSizes', {
                sizes: new Intl.ListFormat(locale, { type: 'conjunction' }).format(printSizes),
              })
            : null}
        </p>
      ) : null}
    </div>
  )
}
