import type { TemplateSummary } from '@templet/api'
import { Skeleton } from '@templet/ui'
import { Link } from 'react-router'

/** A template as its thumbnail (in the reader's language) and name; opens the editor. */
export function TemplateCard({ template, locale }: { template: TemplateSummary; locale: 'en' | 'zh-CN' }) {
  return (
    <Link
      to={`/templates/${template.id}/edit`}
      className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <div className="grid aspect-square place-items-center overflow-hidden rounded-xl border border-border bg-muted p-2 transition-colors group-hover:border-primary/60">
        <img
          src={template.thumbnailUrls[locale]}
          alt=""
          width={template.width}
          height={template.height}
          loading="lazy"
          decoding="async"
          className="h-auto max-h-full w-auto max-w-full rounded-md shadow-sm"
        />
      </div>
      <p className="mt-2 truncate text-sm font-medium group-hover:underline">{template.names[locale]}</p>
      <p className="text-xs text-muted-foreground tabular-nums">
        {template.width}×{template.height}
      </p>
    </Link>
  )
}

export const templateGridClass = 'grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4'

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
