import { describe, expect, it } from 'vitest'
import {
  columnNameProblem,
  columnNames,
  optionNamed,
  parseTemplate,
  type TemplateInput,
  valuesByKey,
  withColumnNames,
} from '../src/index'
import { parseError } from './parse-error'

const label = (en: string, zh = en) => ({ en, 'zh-CN': zh })

/** A document as an earlier release saved it: keys, labels and no column names. */
const earlier = (): TemplateInput => ({
  id: 'poster',
  typeId: 'social-posts',
  name: label('Poster', '海报'),
  sizes: [{ id: 'square', width: 400, height: 400, label: label('Square', '方形') }],
  fields: [
    { key: 'image', kind: 'image', label: label('Photo', '照片') },
    { key: 'text', kind: 'text', label: label('Headline', '标题'), default: 'Hi', maxLength: 40 },
    { key: 'text_2', kind: 'text', label: label('Headline', '副标题'), default: 'Yo', maxLength: 40 },
    { key: 'qr', kind: 'text', label: label('网址', '网址'), default: 'x', maxLength: 40 },
    { key: 'who', kind: 'text', label: label('Name', '名字'), default: 'Ada', maxLength: 40 },
    { key: 'ellipse_fill', kind: 'color', label: label('Café colour', '颜色'), default: '#ff0000' },
  ],
  layers: [{ id: 'bg', type: 'shape', fill: '#ffffff' }],
  samples: { en: {}, 'zh-CN': {} },
})

describe('column names', () => {
  it('a field saved without one gets a readable default from its English label, the same every time', () => {
    const t = parseTemplate(earlier())
    const names = Object.fromEntries(columnNames(t.fields))
    expect(names).toEqual({
      image: 'photo',
      text: 'headline',
      text_2: 'headline_2',
      // A Chinese label suggests no word: the key stands in.
      qr: 'qr',
      // `name` is the creation's name column.
      who: 'name_2',
      ellipse_fill: 'cafe_colour',
    })
    expect(Object.fromEntries(columnNames(parseTemplate(earlier()).fields))).toEqual(names)
  })

  it('a document saved by an earlier release still opens, with its fields as they were', () => {
    const t = parseTemplate(earlier())
    expect(t.fields.map((f) => f.column)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    expect(t.fields.map((f) => f.key)).toEqual(['image', 'text', 'text_2', 'qr', 'who', 'ellipse_fill'])
  })

  it('a saved column name stays when the label changes', () => {
    const t = parseTemplate(earlier())
    const saved = parseTemplate({ ...earlier(), fields: withColumnNames(t.fields) })
    const relabelled = saved.fields.map((f) => (f.key === 'text' ? { ...f, label: label('Title') } : f))
    expect(columnNames(relabelled).get('text')).toBe('headline')
  })

  it('a field saved without one keeps the previous version’s column when its label changed since', () => {
    const before = parseTemplate(earlier()).fields
    const after = before.map((f) => (f.key === 'text' ? { ...f, label: label('Title') } : f))
    expect(withColumnNames(after, columnNames(before)).find((f) => f.key === 'text')?.column).toBe('headline')
    expect(columnNames(after).get('text')).toBe('title')
  })

  it('a default never takes another field’s key, so earlier CSVs keep naming the same field', () => {
    const fields = [
      { key: 'title', label: label('Subtitle') },
      { key: 'subtitle', label: label('Title') },
    ]
    expect(Object.fromEntries(columnNames(fields))).toEqual({ title: 'subtitle_2', subtitle: 'title_2' })
  })

  it('a column name must be unique, not empty, well formed and not "name"', () => {
    const fields = parseTemplate(earlier()).fields
    expect(columnNameProblem(fields, 'text', '')).toBe('empty')
    expect(columnNameProblem(fields, 'text', 'Big Title')).toBe('format')
    expect(columnNameProblem(fields, 'text', 'name')).toBe('reserved')
    expect(columnNameProblem(fields, 'text', 'headline_2')).toBe('taken')
    expect(columnNameProblem(fields, 'text', 'qr')).toBe('taken')
    expect(columnNameProblem(fields, 'text', 'headline')).toBeUndefined()
    expect(columnNameProblem(fields, 'text', 'text')).toBeUndefined()
    expect(columnNameProblem(fields, 'text', 'big_title')).toBeUndefined()
  })

  it('a document whose two fields save one column name is refused, naming the field', () => {
    const doc = earlier()
    doc.fields = doc.fields.map((f) => ({ ...f, column: 'same' }))
    const e = parseError(doc)
    expect(e.issues).toContainEqual(expect.objectContaining({ property: 'fields[1].column' }))
    const bad = earlier()
    bad.fields = bad.fields.map((f, i) => (i === 0 ? { ...f, column: 'Photo' } : f))
    expect(parseError(bad).issues[0]).toMatchObject({ property: 'fields[0].column' })
  })

  it('values named by column name or key both reach the field’s key', () => {
    const fields = parseTemplate(earlier()).fields
    expect(valuesByKey(fields, { headline: 'A', text_2: 'B', cafe_colour: '#000000', nope: 'x' })).toEqual({
      text: 'A',
      text_2: 'B',
      ellipse_fill: '#000000',
      nope: 'x',
    })
    expect(valuesByKey(fields, { text: 'by key', headline: 'by column' })).toEqual({ text: 'by key' })
  })
})

describe('a choice cell', () => {
  const options = [
    { value: 'option1', label: { en: 'Teal', 'zh-CN': '青色' } },
    { value: 'option2', label: { en: 'Coral red', 'zh-CN': '珊瑚色' } },
  ]

  it('names its option by value, or by label in either language give or take case, width and spaces', () => {
    expect(optionNamed(options, 'option2')).toBe('option2')
    expect(optionNamed(options, ' teal ')).toBe('option1')
    expect(optionNamed(options, 'CORAL-RED')).toBe('option2')
    expect(optionNamed(options, 'ＴＥＡＬ')).toBe('option1')
    expect(optionNamed(options, '珊瑚色')).toBe('option2')
  })

  it('names nothing when no option is so called', () => {
    expect(optionNamed(options, 'Mauve')).toBeUndefined()
    expect(optionNamed(options, '')).toBeUndefined()
  })
})
