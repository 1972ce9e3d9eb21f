import { useTranslation } from 'react-i18next'
import { cx } from '../components/cx'
import { heroRenders } from './gallery'

/**
 * Real renders of the catalogue (the example pages' files, made by scripts/examples.mjs at build time, 560 px
 * on the long side, WebP) in the reader's language. Their width and height are set, so the pre-rendered page
 * keeps its layout while they load (CLS 0); not lazy, since the hero is in the first screen on a desktop.
 */
export function HeroRenders() {
  const { t, i18n } = useTranslation()
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const renders = heroRenders()
  return (
    <div className="grid grid-cols-2 gap-3">
      {renders.map((render, index) => (
        <img
          key={render.slug}
          src={render.files[locale]}
          alt={t('examples.alt', { name: render.names[locale], size: render.sizeLabels[locale] })}
          width={render.width}
          height={render.height}
          decoding="async"
          className={cx(
            'h-auto w-full rounded-lg border border-border bg-muted shadow-sm',
            index === renders.length - 1 && renders.length % 2 === 1 && 'col-span-2',
          )}
        />
      ))}
    </div>
  )
}
