/** Words in both languages, as a template holds them. */
export const label = (en: string, zh: string) => ({ en, 'zh-CN': zh })

type Option = [value: string, en: string, zh: string]

/** A choice field (as the model's JSON) with options `[value, English, Chinese]`, the first of them its default. */
export const choiceField = (key: string, name: ReturnType<typeof label>, options: [Option, ...Option[]]) => ({
  key,
  kind: 'choice' as const,
  label: name,
  default: options[0][0],
  options: options.map(([value, en, zh]) => ({ value, label: label(en, zh) })),
})
