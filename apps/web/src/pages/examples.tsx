import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { PlaceholderCard } from '../examples/placeholder-card'

export type Gallery = 'A' | 'B' | 'C'

const sizes: Record<Gallery, { width: number; height: number; columns: string }> = {
  A: { width: 400, height: 400, columns: 'grid-cols-2 md:grid-cols-3' },
  B: { width: 600, height: 240, columns: 'grid-cols-1 md:grid-cols-2' },
  C: { width: 300, height: 420, columns: 'grid-cols-2 md:grid-cols-4' },
}

/** `/examplesA|B|C`: three galleries of what the templates produce. */
export function ExamplesPage({ gallery }: { gallery: Gallery }) {
  const { t } = useTranslation()
  const { width, height, columns } = sizes[gallery]
  const name = t(`examples.galleries.${gallery}`)
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
      <ul className={`mt-8 grid gap-4 ${columns}`}>
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <li key={n}>
            <PlaceholderCard
              index={n + (gallery === 'B' ? 2 : gallery === 'C' ? 4 : 0)}
              width={width}
              height={height}
              label={t('examples.placeholder', { n: n + 1, gallery: name })}
            />
          </li>
        ))}
      </ul>
    </div>
  )
}
