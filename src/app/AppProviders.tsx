import type { ReactNode } from 'react'
import { SWRConfig } from 'swr'
import { NotificationHost } from '../components/notice/NotificationHost'
import { swrConfig } from '../lib/request'
import { persistor } from '../state'
import { DemoBadge } from '../features/member/DemoBadge'
import { PersistGate } from './PersistGate'

/** What every screen runs inside, with or without the router: data fetching, restored state, notices. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // antd-mobile's built-in locale is zh-CN, so no ConfigProvider (and no locale bundle) is needed.
    <SWRConfig value={swrConfig}>
      <PersistGate persistor={persistor}>
        {children}
        <NotificationHost />
        <DemoBadge />
      </PersistGate>
    </SWRConfig>
  )
}
