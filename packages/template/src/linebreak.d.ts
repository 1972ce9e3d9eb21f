// linebreak ships no types; these are the parts of its API this package calls.
declare module 'linebreak' {
  /** A break opportunity: the position a line may end at, and whether it must (a line separator). */
  export interface Break {
    position: number
    required: boolean
  }
  /** Walks a text's UAX #14 break opportunities, one per call, `null` after the last. */
  export default class LineBreaker {
    constructor(text: string)
    nextBreak(): Break | null
  }
}
