import { buttonVariants } from '@templet/ui/button'
import { History, LayoutTemplate, MousePointerClick } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { HeroRenders } from '../examples/hero-renders'

export function LandingPage() {
  const { t } = useTranslation()
  const features = [
    { key: 'templates', icon: <LayoutTemplate className="size-5" /> },
    { key: 'preview', icon: <MousePointerClick className="size-5" /> },
    { key: 'history', icon: <History className="size-5" /> },
  ] as const
  return (
    <>
      <title>{`Templet · ${t('app.tagline')}`}</title>
      <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-20">
        <div>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t('landing.title')}</h1>
          <p className="mt-5 text-lg text-muted-foreground">{t('landing.subtitle')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/register" className={buttonVariants({ size: 'lg' })}>
              {t('landing.cta')}
            </Link>
            <Link to="/examplesA" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              {t('landing.secondary')}
            </Link>
          </div>
          <p className="mt-3 text-sm text-muted-foreground">{t('landing.freeCredits')}</p>
        </div>
        <HeroRenders />
      </section>

      <section aria-labelledby="features" className="border-t border-border bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="features" className="text-2xl font-semibold tracking-tight">
            {t('landing.featuresTitle')}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {features.map((feature) => (
              <li key={feature.key} className="rounded-xl border border-border bg-background p-6">
                <span
                  aria-hidden="true"
                  className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary"
                >
                  {feature.icon}
                </span>
                <h3 className="mt-4 font-semibold">{t(`landing.features.${feature.key}.title`)}</h3>
                <p className="mt-1 text-muted-foreground">{t(`landing.features.${feature.key}.body`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="steps" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="steps" className="text-2xl font-semibold tracking-tight">
          {t('landing.stepsTitle')}
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {(['pick', 'fill', 'download'] as const).map((step, index) => (
            <li key={step} className="flex items-center gap-4">
              <span
                aria-hidden="true"
                className="grid size-10 shrink-0 place-items-center rounded-full bg-primary font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <span className="font-medium">{t(`landing.steps.${step}`)}</span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="pricing" className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="pricing" className="text-2xl font-semibold tracking-tight">
              {t('landing.pricingTitle')}
            </h2>
            <p className="mt-1 text-muted-foreground">{t('landing.pricingBody')}</p>
          </div>
          <Link to="/subscription" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
            {t('landing.pricingCta')}
          </Link>
        </div>
      </section>
    </>
  )
}
