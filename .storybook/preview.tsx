import type { Decorator, Preview } from '@storybook/react-vite'
import { useLayoutEffect } from 'react'
import { configure } from 'storybook/test'
import { DirectionProvider } from '../packages/ui/src/direction'
import './preview.css'

// A play function's `waitFor` gives up after 1 s by default: too little for a busy machine running a suite
// in parallel, where one render can take longer than that. Passing stories do not wait any longer for it.
configure({ asyncUtilTimeout: 5000 })

type Theme = 'light' | 'dark'
type Dir = 'ltr' | 'rtl'

/**
 * Applies the theme and direction globals the way an app would: the `dark` class and `dir` on <html>
 * (portalled menus, dialogs and toasts live in <body>), and Radix's direction context for keyboard
 * navigation and placement.
 */
const withThemeAndDirection: Decorator = (Story, context) => {
  const theme: Theme = context.globals.theme === 'dark' ? 'dark' : 'light'
  const dir: Dir = context.globals.dir === 'rtl' ? 'rtl' : 'ltr'
  useLayoutEffect(() => {
    const root = document.documentElement
    root.classList.toggle('dark', theme === 'dark')
    root.setAttribute('dir', dir)
    root.setAttribute('lang', 'en')
  }, [theme, dir])
  return (
    <DirectionProvider dir={dir}>
      <Story />
    </DirectionProvider>
  )
}

const preview: Preview = {
  tags: ['autodocs'],
  decorators: [withThemeAndDirection],
  globalTypes: {
    theme: {
      description: 'Colour theme (the `dark` class on <html>)',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
    dir: {
      description: 'Text direction (`dir` on <html>)',
      toolbar: {
        title: 'Direction',
        icon: 'transfer',
        items: [
          { value: 'ltr', title: 'Left to right' },
          { value: 'rtl', title: 'Right to left' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', dir: 'ltr' },
  parameters: {
    layout: 'fullscreen',
    a11y: {
      test: 'error',
      config: {
        rules: [
          {
            // axe's experimental Label-in-Name check (WCAG 2.5.3) reads the bell's "99+" badge as part of
            // its label. It is a status, not a label: the bell is named "Notifications, 120 unread", which
            // starts with its visible name (the "Notifications" tooltip) and states the exact count. The
            // rule stays on for every other element.
            id: 'label-content-name-mismatch',
            selector: ':not([data-slot="notification-bell"])',
          },
        ],
      },
    },
    controls: { expanded: true, matchers: { color: /(background|color)$/i } },
    viewport: {
      options: {
        phone: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        tablet: { name: 'Tablet (820 × 1180)', styles: { width: '820px', height: '1180px' }, type: 'tablet' },
        desktop: {
          name: 'Desktop (1280 × 800)',
          styles: { width: '1280px', height: '800px' },
          type: 'desktop',
        },
      },
    },
  },
}

export default preview
