import base from './playwright.config'
export default { ...base, webServer: [], projects: base.projects?.filter((p) => p.name === 'web') }
