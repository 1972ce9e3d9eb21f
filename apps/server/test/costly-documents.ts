/**
 * Parts that make a template costly to draw, for the tests that pin what a save may cost and how long a render
 * may take, and for `bench:abuse`'s bombs: one definition each, so all of them measure the same document.
 */

/** An A2 sheet (420 × 594 mm, drawn at 300 dpi: 35 megapixels) as the template's `i`th extra size. */
export const a2Sheet = (i: number) => ({
  id: `a2-${i}`,
  width: 2100,
  height: 2970,
  label: { en: `A2 ${i}`, 'zh-CN': `A2 ${i}` },
  print: { width: 420, height: 594, unit: 'mm' },
})

/**
 * `count` white shapes with a blurred shadow, each drawn once more for its shadow. `turned` turns each a degree
 * more than the one before: the blur of a turned shape is worked out pixel by pixel, not by the upright
 * rectangle's shortcut, which makes the drawing slow on any machine and not only on a busy one.
 */
export const shadowLayers = (
  count: number,
  o: { blur: number; box: { x: number; y: number; w: number; h: number }; turned?: boolean } = {
    blur: 40,
    box: { x: 10, y: 10, w: 500, h: 500 },
  },
) =>
  Array.from({ length: count }, (_, i) => ({
    id: `shadow-${i}`,
    type: 'shape',
    fill: '#ffffff',
    shadow: { color: '#000000', blur: o.blur },
    box: o.box,
    ...(o.turned && { rotation: 1 + i }),
  }))
