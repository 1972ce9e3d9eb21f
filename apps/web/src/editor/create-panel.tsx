import '../checkout/whose-messages'
import { useQuery } from '@tanstack/react-query'
import type { Creation } from '@templet/api'
import { Button } from '@templet/ui/button'
import { Coins, Images, TextCursorInput } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { creditBalanceQuery } from '../api/queries'
import { LinkButton } from '../components/link-button'
import { RenameCreationDialog } from '../creations/rename-creation-dialog'
import { formatNumber } from '../i18n/format'
import { mayBuy, useCurrentTeam } from '../teams/current-team'
import { DownloadLinks } from './download-links'

/** A creation costs one credit (docs/product.md#credits). */
export const CREDIT_COST = 1

/** Where to buy credits, coming back to `returnTo` afterwards (the draft keeps the values meanwhile). */
export function buyCreditsPath(returnTo: string): string {
  return `/pricing-plans?returnTo=${encodeURIComponent(returnTo)}`
}

/** "Create" with its cost and the balance; without credit, the way to buy more instead. */
export function CreatePanel({
  busy,
  outOfCredit,
  returnTo,
  error,
  notApproved = false,
}: {
  busy: boolean
  /** The server refused for lack of credit (the balance read earlier may be stale). */
  outOfCredit: boolean
  returnTo: string
  error: string | undefined
  /** The version shown is not approved where the team creates only from approved ones (ApprovalNote says so). */
  notApproved?: boolean
}) {
  const { t, i18n } = useTranslation()
  // The workspace's balance: a team's, when the tab works in one, which is what a creation here spends.
  const credits = useQuery(creditBalanceQuery()).data?.balance
  const where = useCurrentTeam()
  const empty = outOfCredit || credits === 0
  return (
    <div className="rounded-xl border border-border p-4">
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="balance">
        <Coins aria-hidden="true" className="size-4" />
        {credits === undefined
          ? t('app.loading')
          : where.team
            ? t('whose.checkout.balance', {
                team: where.team.name,
                count: credits,
                formatted: formatNumber(credits, i18n.language),
              })
            : t('media.editor.balance', { count: credits, formatted: formatNumber(credits, i18n.language) })}
      </p>
      {empty ? (
        <div role="alert" className="mt-3 rounded-lg bg-muted p-3">
          <p className="font-medium">{t('media.editor.noCreditTitle')}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('media.editor.noCreditBody')}</p>
          {mayBuy(where) ? (
            <LinkButton to={buyCreditsPath(returnTo)} className="mt-3 w-full sm:w-auto">
              {t('media.editor.buyCredits')}
            </LinkButton>
          ) : (
            <p className="mt-1 text-sm text-muted-foreground">
              {t('whose.adminBuys', { team: where.team?.name ?? '' })}
            </p>
          )}
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="mt-3 w-full" disabled={busy || empty || notApproved}>
        {busy ? t('media.editor.creating') : t('media.editor.create', { count: CREDIT_COST })}
      </Button>
    </div>
  )
}

/** The tallest the made image is shown (16rem, 256 px), narrower when the column is. */
const RESULT_HEIGHT_REM = 16

/** What was just made: the image, its name (renamed here), its downloads and the way to the history. Takes the focus when shown (keyed by the creation, so each new one does). */
export function CreationResult({ creation: made, onDismiss }: { creation: Creation; onDismiss: () => void }) {
  const { t } = useTranslation()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const [creation, setCreation] = useState(made)
  const [renaming, setRenaming] = useState(false)
  return (
    <section
      aria-labelledby="creation-result"
      className="rounded-xl border border-primary/40 bg-primary/5 p-4"
    >
      <h2 id="creation-result" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {t('media.editor.created')}
      </h2>
      <div className="mt-1 flex flex-wrap items-center gap-x-2">
        <p className="min-w-0 break-words text-sm" data-testid="creation-name">
          {creation.name}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setRenaming(true)}
          aria-label={t('media.rename.named', { name: creation.name })}
        >
          <TextCursorInput aria-hidden="true" />
          {t('media.rename.action')}
        </Button>
      </div>
      <RenameCreationDialog
        creation={renaming ? creation : undefined}
        onClose={() => setRenaming(false)}
        onRenamed={setCreation}
      />
      {/* Its box is kept from the start: had the links below moved down as the picture arrived, a click
          pressed on a link and released after the move would land beside it and download nothing. */}
      <img
        src={creation.files.webp ?? creation.thumbnailUrl}
        alt={creation.name}
        width={creation.width}
        height={creation.height}
        style={{
          aspectRatio: `${creation.width} / ${creation.height}`,
          width: `min(100%, ${(RESULT_HEIGHT_REM * creation.width) / creation.height}rem)`,
        }}
        className="mt-3 h-auto rounded-md border border-border"
      />
      <div className="mt-3">
        <DownloadLinks creation={creation} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <LinkButton to="/creation" variant="outline">
          <Images aria-hidden="true" />
          {t('media.editor.toHistory')}
        </LinkButton>
        <Button variant="ghost" onClick={onDismiss}>
          {t('media.editor.keepEditing')}
        </Button>
      </div>
    </section>
  )
}
