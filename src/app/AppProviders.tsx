import { useMemo, type ReactNode } from 'react'
import { SWRConfig, type SWRConfiguration } from 'swr'
import { NotificationHost } from '../components/notice/NotificationHost'
import { swrConfig } from '../lib/request'
import { persistor } from '../state'
import { DemoBadge } from '../features/member/DemoBadge'
import { usePrerender } from '../components/prerender'
import { PersistGate } from './PersistGate'
import { EnvironmentEffects } from './EnvironmentEffects'

/**
 * What every screen runs inside, with or without the router: data fetching, restored state, notices. `swr`:
 * more SWR options (a server-rendered screen's data, and on the server its own cache).
 */
export function AppProviders({ children, swr }: { children: ReactNode; swr?: SWRConfiguration }) {
  // Prerendered HTML has the page alone; the strip (a portal) and notices join once it is hydrated.
  const prerendered = usePrerender() !== null
  const config = useMemo(() => (swr ? { ...swrConfig, ...swr } : swrConfig), [swr])
  return (
    // antd-mobile's built-in locale is zh-CN, so no ConfigProvider (and no locale bundle) is needed.
    <SWRConfig value={config}>
      <PersistGate persistor={persistor} open={prerendered}>
        {children}
        {!prerendered && <NotificationHost />}
        {!prerendered && <DemoBadge />}
        {!prerendered && <EnvironmentEffects />}
      </PersistGate>
    </SWRConfig>
  )
}
