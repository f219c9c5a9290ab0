import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { withAppMode } from '../../../../src/page-config/appMode'
import { useHealth } from '../../../../src/features/member/api'
import { DemoBadge } from '../../../../src/features/member/DemoBadge'
import { renderScreen, stubApi } from '../../harness'

// The 演示环境 badge tells a visitor the data is fictional; a production server (real money) never shows it.
describe('the demo badge', () => {
  it('shows in demo mode', async () => {
    stubApi({ 'GET /api/health': { status: 'ok', db: 'pglite', mode: 'demo' } })
    renderScreen(DemoBadge, '/user')
    expect(await screen.findByTestId('demo-badge')).toHaveTextContent('演示环境')
  })

  it('does not show in production mode', async () => {
    stubApi({ 'GET /api/health': { status: 'ok', db: 'postgres', mode: 'production' } })
    // Rendered beside something that shows the mode, to know the answer has arrived before looking.
    function Mode() {
      return <p>{useHealth().data?.mode ?? '…'}</p>
    }
    renderScreen(
      () => (
        <>
          <DemoBadge />
          <Mode />
        </>
      ),
      '/user',
    )
    expect(await screen.findByText('production')).toBeInTheDocument()
    expect(screen.queryByTestId('demo-badge')).toBeNull()
  })

  describe('in HTML from our server, which says the mode', () => {
    // The document as the server sent it: the mode in <head>, and in demo mode the strip first in <body>.
    const serve = (mode: 'demo' | 'production') => {
      const served = new DOMParser().parseFromString(
        withAppMode('<html><head><title>t</title></head><body><div id="root"></div></body></html>', mode),
        'text/html',
      )
      document.head.replaceChildren(...served.head.childNodes)
      document.body.replaceChildren(...served.body.childNodes)
    }
    afterEach(() => {
      document.head.replaceChildren()
      document.body.replaceChildren()
    })

    it('keeps the strip the HTML came with (nothing moves) and asks nothing', async () => {
      serve('demo')
      const strip = document.body.firstElementChild
      const api = stubApi({ 'GET /api/health': { status: 'ok', db: 'pglite', mode: 'demo' } })
      renderScreen(DemoBadge, '/user')
      expect(await screen.findByTestId('demo-badge')).toHaveTextContent('演示环境')
      expect(document.querySelectorAll('[data-testid="demo-badge"]')).toHaveLength(1)
      expect(document.body.firstElementChild).toBe(strip)
      expect(api.requested).not.toContain('/api/health')
    })

    it('shows none in production, without asking', async () => {
      serve('production')
      const api = stubApi({ 'GET /api/health': { status: 'ok', db: 'pglite', mode: 'demo' } })
      renderScreen(DemoBadge, '/user')
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(screen.queryByTestId('demo-badge')).toBeNull()
      expect(api.requested).not.toContain('/api/health')
    })
  })

  it('sits in the flow above the app, not fixed over the NavBar or above masks', async () => {
    stubApi({ 'GET /api/health': { status: 'ok', db: 'pglite', mode: 'demo' } })
    renderScreen(DemoBadge, '/user')
    const badge = await screen.findByTestId('demo-badge')
    expect(badge).toHaveTextContent('数据均为虚构')
    // First in <body>, before the app's root: the page flows below it instead of under it.
    expect(document.body.firstElementChild).toBe(badge.parentElement)
    // No position and no z-index of its own: it cannot cover the NavBar's right slot or a mask
    // (it used to be position: fixed at the top right with z-index 1200, above antd-mobile's 1000 masks).
    const css = readFileSync(join(process.cwd(), 'src/features/member/user.css'), 'utf8')
    const rule = /\.demo-badge \{([^}]*)\}/.exec(css)?.[1] ?? ''
    expect(rule).not.toBe('')
    expect(rule).not.toMatch(/position|z-index/)
  })
})
