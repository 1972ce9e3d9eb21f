import { Heart, Lock, Scale } from 'lucide-react'
import { useTranslation } from 'react-i18next'

export function AboutPage() {
  const { t } = useTranslation()
  const body = t('about.body', { returnObjects: true }) as readonly string[]
  const values = [
    { key: 'quality', icon: <Heart className="size-5" /> },
    { key: 'honest', icon: <Scale className="size-5" /> },
    { key: 'privacy', icon: <Lock className="size-5" /> },
  ] as const
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${t('about.title')} · Templet`}</title>
      <h1 className="text-3xl font-semibold tracking-tight">{t('about.title')}</h1>
      {body.map((paragraph) => (
        <p key={paragraph} className="mt-4 text-lg leading-relaxed">
          {paragraph}
        </p>
      ))}
      <h2 className="mt-10 text-xl font-semibold">{t('about.valuesTitle')}</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {values.map((value) => (
          <li key={value.key} className="flex items-center gap-3 rounded-xl border border-border p-4">
            <span aria-hidden="true" className="text-primary">
              {value.icon}
            </span>
            <span className="font-medium">{t(`about.values.${value.key}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
