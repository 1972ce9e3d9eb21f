/// <reference types="vite/client" />
/**
 * The catalogue for designers: each template as the renderer draws it (previews/, made by
 * `pnpm --filter @templet/render previews`), with its samples in English and Chinese, every text at its
 * length limit, Arabic text, no image chosen, and its other sizes; a template of several pages shows them
 * page by page (`<variant>-page-<n>.png`). The renderer is Node-native, so the stories show the committed
 * pictures; a test keeps them in step with the templates.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'

interface TemplateFile {
  id: string
  name: { en: string; 'zh-CN': string }
  sizes: Array<{ id: string; width: number; height: number; label: { en: string } }>
  pages?: Array<{ id: string; name: string }>
}

const templates = import.meta.glob<TemplateFile>('../../catalogue/templates/*.json', {
  eager: true,
  import: 'default',
})
const pictures = import.meta.glob<string>('../previews/*/*.png', {
  eager: true,
  query: '?url',
  import: 'default',
})

const CAPTIONS: Record<string, string> = {
  en: 'English sample',
  'zh-CN': 'Chinese sample (zh-CN)',
  'long-text': 'Every text at its length limit',
  arabic: 'Arabic text',
  'missing-image': 'No image chosen',
}
const ORDER = ['en', 'zh-CN', 'long-text', 'arabic', 'missing-image']

/** A preview's variant and page from its file name: `size-a5-page-2` is `size-a5` on the second page. */
const variantOf = (name: string) => {
  const m = /^(.*)-page-(\d+)$/.exec(name)
  return m ? { variant: m[1] as string, page: Number(m[2]) } : { variant: name, page: 1 }
}

function TemplatePreviews({ id }: { id: string }) {
  const t = templates[`../../catalogue/templates/${id}.json`]
  if (!t) return <p>No template “{id}” in the catalogue.</p>
  const rank = (variant: string) => ORDER.indexOf(variant) + 1 || 99
  const variants = Object.entries(pictures)
    .filter(([path]) => path.startsWith(`../previews/${id}/`))
    .map(([path, url]) => ({ ...variantOf(path.slice(`../previews/${id}/`.length, -'.png'.length)), url }))
    .sort((a, b) => a.page - b.page || rank(a.variant) - rank(b.variant))
  const caption = (variant: string) =>
    CAPTIONS[variant] ?? `${t.sizes.find((s) => `size-${s.id}` === variant)?.label.en ?? variant} size`
  const pages = t.pages ?? []
  const figures = (page: number) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 20, alignItems: 'flex-start' }}>
      {variants
        .filter((v) => v.page === page)
        .map((v) => {
          const alt = `${t.name.en}: ${caption(v.variant)}${pages.length > 1 ? `, page ${page}` : ''}`
          return (
            <figure key={v.variant} style={{ margin: 0 }}>
              <a href={v.url} target="_blank" rel="noreferrer">
                <img
                  src={v.url}
                  alt={alt}
                  style={{ height: 260, display: 'block', boxShadow: '0 1px 4px rgba(0,0,0,0.25)' }}
                />
              </a>
              <figcaption style={{ fontSize: 13, marginTop: 6 }}>{caption(v.variant)}</figcaption>
            </figure>
          )
        })}
    </div>
  )
  return (
    <main
      style={{ padding: 24, fontFamily: 'system-ui, sans-serif', color: '#1f2937', background: '#ffffff' }}
    >
      <h1 style={{ fontSize: 22, margin: '0 0 4px' }}>
        {t.name.en} <span lang="zh-CN">· {t.name['zh-CN']}</span>
      </h1>
      <p style={{ margin: '0 0 16px', fontSize: 14, color: '#4b5563' }}>
        {t.sizes.map((s) => `${s.label.en} ${s.width}×${s.height}`).join(' · ')}
      </p>
      {pages.length > 1
        ? pages.map((p, i) => (
            <section key={p.id} style={{ marginBottom: 24 }}>
              <h2 style={{ fontSize: 16, margin: '0 0 10px' }}>
                Page {i + 1}: {p.name}
              </h2>
              {figures(i + 1)}
            </section>
          ))
        : figures(1)}
    </main>
  )
}

const meta = {
  title: 'Catalogue/Templates',
  component: TemplatePreviews,
  parameters: { layout: 'fullscreen' },
  // Every picture has loaded (and is not broken) before the story counts as rendered.
  play: async ({ canvasElement }) => {
    const images = within(canvasElement).getAllByRole('img') as HTMLImageElement[]
    expect(images.length).toBeGreaterThanOrEqual(4)
    await waitFor(() => {
      for (const img of images) expect(img.complete && img.naturalWidth > 0).toBe(true)
    })
  },
} satisfies Meta<typeof TemplatePreviews>

export default meta
type Story = StoryObj<typeof meta>

// One story per catalogue template (a test checks that none is missing).
export const BoldQuote: Story = { args: { id: 'bold-quote' } }
export const PhotoFeature: Story = { args: { id: 'photo-feature' } }
export const StatHighlight: Story = { args: { id: 'stat-highlight' } }
export const ArticleCard: Story = { args: { id: 'article-card' } }
export const EventBanner: Story = { args: { id: 'event-banner' } }
export const SaleBanner: Story = { args: { id: 'sale-banner' } }
export const EventPoster: Story = { args: { id: 'event-poster' } }
export const ExhibitionPoster: Story = { args: { id: 'exhibition-poster' } }
export const WorkshopPoster: Story = { args: { id: 'workshop-poster' } }
export const WeddingInvitation: Story = { args: { id: 'wedding-invitation' } }
export const BirthdayInvitation: Story = { args: { id: 'birthday-invitation' } }
export const GalaInvitation: Story = { args: { id: 'gala-invitation' } }
export const ClassicCertificate: Story = { args: { id: 'classic-certificate' } }
export const CourseCertificate: Story = { args: { id: 'course-certificate' } }
export const AwardCertificate: Story = { args: { id: 'award-certificate' } }
export const JobPosting: Story = { args: { id: 'job-posting' } }
export const HiringPostLogo: Story = { args: { id: 'hiring-post-logo' } }
export const ProductLaunch: Story = { args: { id: 'product-launch' } }
export const PropertyListing: Story = { args: { id: 'property-listing' } }
export const NewsletterHeader: Story = { args: { id: 'newsletter-header' } }
export const NewsletterHeaderLogo: Story = { args: { id: 'newsletter-header-logo' } }
export const ProfileHeader: Story = { args: { id: 'profile-header' } }
export const WebinarBanner: Story = { args: { id: 'webinar-banner' } }
export const BusinessCardClassic: Story = { args: { id: 'business-card-classic' } }
export const BusinessCardModern: Story = { args: { id: 'business-card-modern' } }
export const NameBadge: Story = { args: { id: 'name-badge' } }
export const AppreciationCertificate: Story = { args: { id: 'appreciation-certificate' } }
export const GiftVoucher: Story = { args: { id: 'gift-voucher' } }
export const BabyShowerInvitation: Story = { args: { id: 'baby-shower-invitation' } }
export const SaveTheDate: Story = { args: { id: 'save-the-date' } }
export const CafeMenu: Story = { args: { id: 'cafe-menu' } }
export const DinnerMenu: Story = { args: { id: 'dinner-menu' } }
export const SpecialsBoard: Story = { args: { id: 'specials-board' } }
export const ConcertPoster: Story = { args: { id: 'concert-poster' } }
export const GrandOpeningPoster: Story = { args: { id: 'grand-opening-poster' } }
export const CountdownStory: Story = { args: { id: 'countdown-story' } }
export const PodcastEpisode: Story = { args: { id: 'podcast-episode' } }
export const TestimonialPost: Story = { args: { id: 'testimonial-post' } }
export const TutorialThumbnail: Story = { args: { id: 'tutorial-thumbnail' } }
export const VlogThumbnail: Story = { args: { id: 'vlog-thumbnail' } }
export const YoutubeBold: Story = { args: { id: 'youtube-bold' } }
export const AdmissionTicket: Story = { args: { id: 'admission-ticket' } }
export const BoardingPass: Story = { args: { id: 'boarding-pass' } }
export const EventTicket: Story = { args: { id: 'event-ticket' } }
export const PortraitQuote: Story = { args: { id: 'portrait-quote' } }
export const SpotlightPost: Story = { args: { id: 'spotlight-post' } }
export const OpenHouseCard: Story = { args: { id: 'open-house-card' } }
export const TeamMemberCard: Story = { args: { id: 'team-member-card' } }
export const DishSpecial: Story = { args: { id: 'dish-special' } }
export const BeforeAfter: Story = { args: { id: 'before-after' } }
export const PodcastCover: Story = { args: { id: 'podcast-cover' } }
export const LinkedinBanner: Story = { args: { id: 'linkedin-banner' } }
export const PinterestPin: Story = { args: { id: 'pinterest-pin' } }
export const PriceTag: Story = { args: { id: 'price-tag' } }
export const ThankYouCard: Story = { args: { id: 'thank-you-card' } }
export const SpeakerCard: Story = { args: { id: 'speaker-card' } }
export const RecipeCard: Story = { args: { id: 'recipe-card' } }
export const FitnessSchedule: Story = { args: { id: 'fitness-schedule' } }
export const BookLaunch: Story = { args: { id: 'book-launch' } }
export const Coupon: Story = { args: { id: 'coupon' } }
export const RestaurantMenu: Story = { args: { id: 'restaurant-menu' } }
export const CertificateWithBack: Story = { args: { id: 'certificate-with-back' } }
export const EventProgramme: Story = { args: { id: 'event-programme' } }
