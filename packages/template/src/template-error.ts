/** One problem in a template file: the layer it is in (when it is in one) and the property. */
export interface TemplateIssue {
  /** The layer's id, or `layers[i]` when the id itself is missing or wrong. */
  layer?: string
  /** The property's path inside the layer (or inside the template when `layer` is absent), e.g. `color.field`. */
  property: string
  message: string
}

/** A template that does not parse; the message names the layer and the property of the first issue. */
export class TemplateError extends Error {
  readonly code = 'TEMPLATE_INVALID'
  readonly templateId: string | undefined
  readonly issues: TemplateIssue[]
  constructor(templateId: string | undefined, issues: TemplateIssue[]) {
    const where = (i: TemplateIssue) =>
      i.layer ? `layer "${i.layer}", property "${i.property}"` : `property "${i.property}"`
    const head = issues.slice(0, 3).map((i) => `${where(i)}: ${i.message}`)
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : ''
    super(`template ${templateId ? `"${templateId}" ` : ''}is invalid: ${head.join('; ')}${more}`)
    this.name = 'TemplateError'
    this.templateId = templateId
    this.issues = issues
  }
}
