// subset-font ships no types; these are the parts of its API this package calls.
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2'
    preserveNameIds?: number[]
    keepAllGlyphs?: boolean
  }
  export default function subsetFont(
    font: Buffer,
    text: string | undefined,
    options?: SubsetOptions,
  ): Promise<Buffer>
}
