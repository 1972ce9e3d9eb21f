import { loadCatalogue, type render } from '@templet/render'

const cat = await loadCatalogue()
const t =
  (cat as unknown as { templates: { template: Parameters<typeof render>[0] }[] }).templates?.[0]?.template ??
  (Object.values(cat)[0] as never)
