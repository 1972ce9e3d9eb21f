import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** The way back to the list a page opened from, above the page. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Link
      to={to}
      className="mb-3 inline-flex items-center gap-1.5 rounded-md text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {children}
    </Link>
  )
}

/** The way back to the template catalogue, above a page that opened from it. */
export function BackToTemplates() {
  const { t } = useTranslation()
  return <BackLink to="/templates">{t('media.templates.back')}</BackLink>
}
