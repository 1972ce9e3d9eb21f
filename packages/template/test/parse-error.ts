import { parseTemplate, TemplateError } from '../src/index'

/** The TemplateError `parseTemplate` refuses `json` with; fails the test when it parses or throws anything else. */
export function parseError(json: unknown): TemplateError {
  try {
    parseTemplate(json)
  } catch (e) {
    if (e instanceof TemplateError) return e
    throw e
  }
  throw new Error('parsed')
}
