import {
  blankTemplate,
  customSize,
  pixelSide,
  SIZE_PIXEL_BOUNDS,
  SIZE_PRESETS,
  type SizePreset,
} from '@templet/template'
import { Button } from '@templet/ui/button'
import { Plus } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ApiFailureError } from '../api/client'
import { useSaveTemplate } from '../api/template-library-queries'
import { TextField } from '../components/field'
import { FormDialog } from '../components/form-dialog'
import { sizeDetail } from '../editor/size-formats'
import { reportError } from '../feedback/notify'
import { saveRefusal } from './save-refusal'

const CUSTOM = 'custom'

type Problems = Partial<Record<'name' | 'width' | 'height' | 'form', string>>

/**
 * "New design": a blank design of a size the customer picks (a preset, or pixels of their own), saved as a new
 * template of theirs and opened in the designer.
 */
export function NewDesignButton({ variant }: { variant?: 'default' | 'outline' }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {t('designer.new.button')}
      </Button>
      {open ? <NewDesignDialog onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function NewDesignDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const locale = i18n.language === 'zh-CN' ? 'zh-CN' : 'en'
  const navigate = useNavigate()
  const save = useSaveTemplate()
  const [choice, setChoice] = useState(SIZE_PRESETS[0]?.size.id ?? CUSTOM)
  const [problems, setProblems] = useState<Problems>({})
  const legendId = useId()

  /** The side typed in `field`, or why it cannot be one. */
  const side = (form: FormData, field: 'width' | 'height'): number | string =>
    pixelSide(String(form.get(field) ?? '')) ??
    t('designer.new.sideRange', { min: SIZE_PIXEL_BOUNDS.min, max: SIZE_PIXEL_BOUNDS.max })

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    const name = String(form.get('name') ?? '').trim()
    const found: Problems = {}
    if (!name) found.name = t('designer.page.nameRequired')
    let preset: SizePreset | undefined = SIZE_PRESETS.find((p) => p.size.id === choice)
    if (choice === CUSTOM) {
      const width = side(form, 'width')
      const height = side(form, 'height')
      if (typeof width === 'string') found.width = width
      if (typeof height === 'string') found.height = height
      if (typeof width === 'number' && typeof height === 'number')
        preset = { size: customSize(width, height), typeId: 'social-posts' }
    }
    setProblems(found)
    if (Object.keys(found).length > 0 || !preset) return
    try {
      const saved = await save.mutateAsync({ name, document: blankTemplate(preset, name) })
      await navigate(`/templates/${saved.id}/design`)
    } catch (err) {
      if (err instanceof ApiFailureError) setProblems({ form: saveRefusal(t, i18n.language, err) })
      else reportError(err)
    }
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      title={t('designer.new.title')}
      description={t('designer.new.body')}
      pending={save.isPending}
      labels={{
        cancel: t('designer.mine.cancel'),
        submit: t('designer.new.create'),
        pending: t('designer.new.creating'),
      }}
      className="sm:max-w-2xl"
    >
      <div className="mt-4 flex flex-col gap-4">
        <TextField
          label={t('designer.page.name')}
          name="name"
          defaultValue={t('designer.new.untitled')}
          maxLength={80}
          error={problems.name}
        />
        <fieldset aria-labelledby={legendId}>
          <legend id={legendId} className="mb-1.5 text-sm font-medium">
            {t('designer.page.size')}
          </legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {SIZE_PRESETS.map(({ size }) => (
              <SizeChoice
                key={size.id}
                value={size.id}
                checked={choice === size.id}
                onPick={setChoice}
                label={size.label[locale]}
                detail={sizeDetail(size)}
              />
            ))}
            <SizeChoice
              value={CUSTOM}
              checked={choice === CUSTOM}
              onPick={setChoice}
              label={t('designer.new.custom')}
              detail={t('designer.new.customDetail')}
            />
          </div>
        </fieldset>
        {choice === CUSTOM ? (
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label={t('designer.new.width')}
              name="width"
              inputMode="numeric"
              defaultValue="1080"
              error={problems.width}
            />
            <TextField
              label={t('designer.new.height')}
              name="height"
              inputMode="numeric"
              defaultValue="1080"
              error={problems.height}
            />
          </div>
        ) : null}
        {problems.form ? (
          <p role="alert" className="text-sm text-destructive">
            {problems.form}
          </p>
        ) : null}
      </div>
    </FormDialog>
  )
}

/** One size as a tile: a radio (arrow keys move between them) with the size's name and its measure under it. */
function SizeChoice(p: {
  value: string
  checked: boolean
  onPick: (value: string) => void
  label: string
  detail: string
}) {
  return (
    <label className="flex cursor-pointer flex-col rounded-md border border-border p-2.5 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
      <span className="flex items-center gap-2">
        <input
          type="radio"
          name="size"
          value={p.value}
          checked={p.checked}
          onChange={() => p.onPick(p.value)}
          className="size-4 accent-primary"
        />
        <span className="font-medium">{p.label}</span>
      </span>
      <span className="ms-6 text-xs text-muted-foreground tabular-nums">{p.detail}</span>
    </label>
  )
}
