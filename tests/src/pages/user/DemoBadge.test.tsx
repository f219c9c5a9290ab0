import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useHealth } from '../../../../src/api/system'
import { DemoBadge } from '../../../../src/pages/user/DemoBadge'
import { renderScreen, stubApi } from '../renderScreen'

// The 演示环境 badge tells a visitor the data is fictional; a production server (real money) never shows it.
describe('the demo badge', () => {
  it('shows in demo mode', async () => {
    stubApi({ '/api/health': { status: 'ok', db: 'pglite', mode: 'demo' } })
    renderScreen(DemoBadge, '/user')
    expect(await screen.findByTestId('demo-badge')).toHaveTextContent('演示环境')
  })

  it('does not show in production mode', async () => {
    stubApi({ '/api/health': { status: 'ok', db: 'postgres', mode: 'production' } })
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
})
