import type { Decorator } from '@storybook/react-vite'
import { within } from 'storybook/test'

/** A form part at a form column's width, with room around it for its focus ring in the screenshots. */
export const formColumn: Decorator = (Story) => (
  <div className="max-w-sm p-6">
    <Story />
  </div>
)

/** The story's `globals` that draw it in the phone viewport. */
export const phoneViewport = { viewport: { value: 'phone', isRotated: false } }

/** Queries over the whole page: menus, dialogs, lists and tooltips draw in a portal outside the story's canvas. */
export const body = () => within(document.body)
