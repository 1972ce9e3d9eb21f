import type { TemplateSummary } from '@templet/api'
import { Skeleton } from '@templet/ui/skeleton'
import { ThumbnailLink } from '../components/thumbnail-link'

/** A template as its thumbnail (in the reader's language) and name; opens the editor. */
export function TemplateCard({ template, locale }: { template: TemplateSummary; locale: 'en' | 'zh-CN' }) {
  return (
    <ThumbnailLink
      to={`/templates/${template.id}/edit`}
      src={template.thumbnailUrls[locale]}
      width={template.width}
      height={template.height}
      title={template.names[locale]}
      detail={`${template.width}×${template.height}`}
    />
  )
}

export const templateGridClass = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4'

/** Templates as a grid of cards. */
export function TemplateGrid({
  templates,
  locale,
}: {
  templates: readonly TemplateSummary[]
  locale: 'en' | 'zh-CN'
}) {
  return (
    <ul className={templateGridClass}>
      {templates.map((template) => (
        <li key={template.id}>
          <TemplateCard template={template} locale={locale} />
        </li>
      ))}
    </ul>
  )
}

export function TemplateGridSkeleton({ count = 4 }: { count?: number }) {
  return (
    <div aria-busy="true" className={templateGridClass}>
      {Array.from({ length: count }, (_, n) => `skeleton-${n}`).map((key) => (
        <div key={key}>
          <Skeleton className="aspect-square" />
          <Skeleton className="mt-2 h-4 w-2/3" />
        </div>
      ))}
    </div>
  )
}
