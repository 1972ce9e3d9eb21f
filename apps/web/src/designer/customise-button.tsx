import { Button } from '@templet/ui/button'
import { Copy, PenTool } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useDuplicateTemplate } from '../api/template-library-queries'
import { LinkButton } from '../components/link-button'
import { reportError } from '../feedback/notify'

/**
 * Beside a template in the fill-in editor: "Customise" copies a catalogue template into the customer's own and
 * opens the copy in the designer; a template of their own opens in the designer as it is.
 */
export function CustomiseButton({ templateId, readOnly }: { templateId: number; readOnly: boolean }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const duplicate = useDuplicateTemplate()
  if (!readOnly)
    return (
      <LinkButton variant="outline" size="sm" to={`/templates/${templateId}/design`}>
        <PenTool aria-hidden="true" />
        {t('designer.page.title')}
      </LinkButton>
    )
  return (
    <Button
      variant="outline"
      size="sm"
      title={t('designer.customiseHint')}
      disabled={duplicate.isPending}
      onClick={() =>
        duplicate.mutate(templateId, {
          onSuccess: (copy) => void navigate(`/templates/${copy.id}/design`),
          onError: reportError,
        })
      }
    >
      <Copy aria-hidden="true" />
      {t('designer.customise')}
    </Button>
  )
}
