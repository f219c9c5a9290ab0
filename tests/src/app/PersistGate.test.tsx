import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PersistGate } from '../../../src/app/PersistGate'
import { createStore } from '../../../src/state/createStore'
import { createPersistor, type PersistStorage } from '../../../src/state/persist'

describe('PersistGate', () => {
  it('renders the app only after the stored state has been restored', async () => {
    let resolveRead: (value: string | null) => void = () => {}
    const storage: PersistStorage = {
      getItem: () => new Promise((r) => (resolveRead = r)),
      setItem: () => {},
      removeItem: () => {},
    }
    const user = createStore('user', { id: '' })
    const persistor = createPersistor({ stores: { user }, storage })
    function Shows() {
      return <p>user={user.state.id}</p>
    }
    render(
      <PersistGate persistor={persistor}>
        <Shows />
      </PersistGate>,
    )
    await act(() => new Promise((r) => setTimeout(r, 20)))
    expect(screen.queryByText(/user=/)).toBeNull()
    await act(async () => resolveRead(JSON.stringify({ _persist: { version: 1 }, user: { id: 'u-7' } })))
    expect(await screen.findByText('user=u-7')).toBeInTheDocument()
  })
})
