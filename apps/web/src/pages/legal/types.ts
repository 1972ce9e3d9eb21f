export interface LegalDocument {
  title: string
  /** ISO date of the last change. */
  updated: string
  intro: string
  sections: { heading: string; paragraphs: string[] }[]
}

export type LegalKind = 'refund' | 'privacy' | 'terms'
export type LegalDocuments = Record<LegalKind, LegalDocument>
