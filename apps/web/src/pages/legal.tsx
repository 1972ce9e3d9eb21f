import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { SellerBlock } from '../checkout/seller'
import { currentLanguage } from '../i18n'
import { formatDate } from '../i18n/format'
import { legalEn } from './legal/content.en'
import { legalZhCN } from './legal/content.zh-CN'
import type { LegalKind } from './legal/types'

const others: Record<LegalKind, { to: string; key: string }[]> = {
  refund: [
    { to: '/terms', key: 'footer.terms' },
    { to: '/privacy', key: 'footer.privacy' },
  ],
  privacy: [
    { to: '/terms', key: 'footer.terms' },
    { to: '/refund', key: 'footer.refund' },
  ],
  terms: [
    { to: '/privacy', key: 'footer.privacy' },
    { to: '/refund', key: 'footer.refund' },
  ],
}

/** `/refund`, `/privacy` and `/terms`: the policy in the current language. */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t, i18n } = useTranslation()
  const doc = (currentLanguage() === 'zh-CN' ? legalZhCN : legalEn)[kind]
  const updated = formatDate(new Date(doc.updated), 'long', i18n.language)
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <title>{`${doc.title} · Templet`}</title>
      <h1 className="text-3xl font-semibold tracking-tight">{doc.title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t('legal.updated', { date: updated })}</p>
      <p className="mt-6 text-lg">{doc.intro}</p>
      {doc.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h2 className="text-xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3 leading-relaxed text-foreground/90">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      <div className="mt-10 border-t border-border pt-6">
        <SellerBlock heading={t('seller.heading')} />
      </div>
      <p className="mt-6 flex flex-wrap gap-4 border-t border-border pt-6 text-sm">
        {others[kind].map((link) => (
          <Link
            key={link.to}
            to={link.to}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t(link.key)}
          </Link>
        ))}
        <Link to="/contact-us" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('footer.contact')}
        </Link>
      </p>
    </article>
  )
}
