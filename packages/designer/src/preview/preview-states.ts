/** What a preview shows the design with: texts at their limit, in Chinese, in Arabic, or images left out. */
export type PreviewState = 'longText' | 'chinese' | 'arabic' | 'missingImage'
export const PREVIEW_STATES: PreviewState[] = ['longText', 'chinese', 'arabic', 'missingImage']
