import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import LoadingPage from '../../../../src/features/loading/LoadingPage'
import { renderScreen } from '../../harness'

describe('/loading', () => {
  it('shows the loading placeholder, then continues to the redirect path', async () => {
    const router = renderScreen(LoadingPage, '/loading?redirect=%2Fprotocol%2Fprivacy')
    expect(screen.getByTestId('loading-page')).toHaveTextContent('正在为您跳转，请稍候')
    expect(screen.getByTestId('loading-page')).not.toHaveTextContent('loading')
    await waitFor(() => expect(router.state.location.pathname).toBe('/protocol/privacy'))
  })

  it('refuses foreign redirect targets and goes home instead', async () => {
    const router = renderScreen(LoadingPage, '/loading?redirect=https%3A%2F%2Fevil.test')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })
})
