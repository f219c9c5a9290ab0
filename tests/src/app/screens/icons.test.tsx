import { act, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { notify, NotificationHost } from '../../../../src/components/notice'
import { ChunkErrorScreen } from '../../../../src/app/screens/ChunkErrorScreen'
import { NotFoundScreen } from '../../../../src/app/screens/NotFoundScreen'
import { RouteErrorBoundary } from '../../../../src/app/screens/RouteErrorScreen'
import type { NoticeKind } from '../../../../src/config/constants'

// Emoji and symbol glyphs render as empty boxes where the device (or headless Chromium) has no font with
// them: the app's own chrome draws SVG icons.
const GLYPH = /\p{Extended_Pictographic}|[\u2139\u2713\u2715\u26a0]|\ufe0f/u

function renderAt(element: React.ReactElement) {
  render(
    <MemoryRouter initialEntries={['/boom']}>
      <RouteErrorBoundary>{element}</RouteErrorBoundary>
    </MemoryRouter>,
  )
}

function Throws(): React.ReactElement {
  throw new Error('render failed')
}

describe('the error and 404 screens', () => {
  it.each([
    ['not-found', <NotFoundScreen key="nf" />],
    ['chunk-error', <ChunkErrorScreen key="ce" />],
    ['route-error', <Throws key="re" />],
  ])('%s draws an SVG icon, no emoji', async (testId, element) => {
    const quiet = console.error
    console.error = () => {}
    try {
      renderAt(element)
      const message = await screen.findByTestId(testId)
      expect(message.querySelector('.screen-message-icon svg')).not.toBeNull()
      expect(message.textContent).not.toMatch(GLYPH)
    } finally {
      console.error = quiet
    }
  })
})

describe('notification marks', () => {
  it('are SVG for every kind, no symbol glyphs', () => {
    render(<NotificationHost />)
    const kinds: NoticeKind[] = ['info', 'success', 'error', 'warning', 'loading']
    act(() => {
      for (const kind of kinds) notify(kind, `通知${kind}`, undefined, 0)
    })
    const alerts = screen.getAllByRole('alert')
    expect(alerts).toHaveLength(kinds.length)
    for (const [i, alert] of alerts.entries()) {
      expect(alert.querySelector(`.notification-mark svg[data-kind="${kinds[i]}"]`)).not.toBeNull()
      expect(alert.textContent).not.toMatch(GLYPH)
    }
  })
})
