import type { Paint } from '@templet/template'
import type { DesignerWords } from '../../strings'
import { type PropertyControl, when } from '../controls'

/**
 * A fill: one colour, or a linear gradient between two (its angle and end colour). Another gradient (more
 * stops, radial) is named and left as it is.
 */
export function paintControls(
  paint: Paint | undefined,
  strings: DesignerWords,
  set: (paint: Paint, coalesce?: string) => void,
): PropertyControl[] {
  const gradient = typeof paint === 'object' && paint !== null && 'type' in paint ? paint : undefined
  if (gradient && (gradient.type !== 'linear' || gradient.stops.length !== 2))
    return [{ control: 'note', text: `${strings.fill}: ${strings.gradient}` }]
  const first = gradient ? gradient.stops[0]?.color : paint
  const linear = gradient?.type === 'linear' ? gradient : undefined
  return [
    {
      control: 'colour',
      label: strings.fill,
      value: first ?? '#ffffff',
      set: (hex, c) =>
        set(
          linear
            ? { ...linear, stops: [{ offset: 0, color: hex }, linear.stops[1] ?? { offset: 1, color: hex }] }
            : hex,
          c,
        ),
    },
    {
      control: 'checkbox',
      label: strings.gradient,
      checked: Boolean(gradient),
      disabled: typeof first !== 'string',
      set: (v) =>
        typeof first === 'string' &&
        set(
          v
            ? {
                type: 'linear',
                angle: 180,
                stops: [
                  { offset: 0, color: first },
                  { offset: 1, color: '#111111' },
                ],
              }
            : first,
        ),
    },
    ...when(linear !== undefined, {
      control: 'row',
      controls: linear
        ? [
            {
              control: 'number',
              label: strings.gradientAngle,
              value: linear.angle,
              min: -360,
              max: 360,
              step: 15,
              set: (v, c) => set({ ...linear, angle: v }, c),
            },
            {
              control: 'colour',
              label: strings.gradientEnd,
              value: linear.stops[1]?.color,
              set: (hex, c) =>
                set(
                  {
                    ...linear,
                    stops: [linear.stops[0] ?? { offset: 0, color: hex }, { offset: 1, color: hex }],
                  },
                  c,
                ),
            },
          ]
        : [],
    }),
  ]
}
