import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { render } from 'vitest-browser-react'
import { useHydrated } from './use-hydrated'

function Submit() {
  return <button type="submit" disabled={!useHydrated()} />
}

describe('useHydrated', () => {
  it('is false in the pre-rendered HTML, so a submit waits for the app', () => {
    expect(renderToString(<Submit />)).toContain('disabled')
  })

  it('is true once the app renders the page itself', async () => {
    const screen = await render(<Submit />)
    await expect.element(screen.getByRole('button')).toBeEnabled()
  })
})
