import { buttonVariants } from '@templet/ui/button'
import { useTranslation } from 'react-i18next'
import { Link, NavLink } from 'react-router'
import { examplesOf, type Gallery } from '../examples/gallery'

export type { Gallery }

/**
 * `/examplesA|B|C`: three galleries of real renders of the catalogue's templates with their sample values,
 * in the reader's language (static files made at build time by scripts/examples.mjs: the page is
 * pre-rendered and read without a session).
 */
export function ExamplesPage({ gallery }: { gallery: Gallery }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const name = t(`examples.galleries.${gallery}`)
  const renders = examplesOf(gallery)
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <title>{`${name} · ${t('examples.title')} · Templet`}</title>
      <h1 className="text-3xl font-semibold tracking-tight">
        {t('examples.title')}: {name}
      </h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        {t(`examples.descriptions.${gallery}`)} {t('examples.intro')}
      </p>
      <nav aria-label={t('examples.others')} className="mt-6 flex flex-wrap gap-2">
        {(['A', 'B', 'C'] as const).map((g) => (
          <NavLink
            key={g}
            to={`/examples${g}`}
            className={({ isActive }) =>
              `rounded-full border px-4 py-1.5 text-sm font-medium ${isActive ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:bg-accent'}`
            }
          >
            {t(`examples.galleries.${g}`)}
          </NavLink>
        ))}
      </nav>
      <ul className="mt-8 columns-2 gap-4 md:columns-3">
        {renders.map((render) => (
          <li key={`${render.slug}-${render.size}`} className="mb-4 break-inside-avoid">
            <figure>
              <img
                src={render.files[locale]}
                alt={t('examples.alt', { name: render.names[locale], size: render.sizeLabels[locale] })}
                width={render.width}
                height={render.height}
                // Lazy: the page shows every catalogue render, most of them below the fold (the visible
                // ones still load at once).
                loading="lazy"
                decoding="async"
                className="h-auto w-full rounded-lg border border-border bg-muted"
              />
              <figcaption className="mt-1.5 text-sm">
                {render.names[locale]}
                <span className="text-muted-foreground"> · {render.sizeLabels[locale]}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-col items-start gap-3 rounded-xl border border-border p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-lg font-medium">{t('examples.cta')}</p>
        <Link to="/register" className={buttonVariants({ size: 'lg' })}>
          {t('examples.ctaButton')}
        </Link>
      </div>
    </div>
  )
}
