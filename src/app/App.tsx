import { useEffect, useState } from 'react'
import { RouterProvider } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { NotificationHost } from '../components/notice/NotificationHost'
import { swrConfig } from '../lib/request'
import { persistor } from '../state'
import { DemoBadge } from '../pages/user/DemoBadge'
import { installUnauthorizedRedirect } from '../pages/user/unauthorizedHandler'
import { PersistGate } from './PersistGate'
import { createAppRouter } from './router'

export function App() {
  const [router] = useState(createAppRouter)
  // Any API 401 sends the user to /Login?redirect=<current path>.
  useEffect(() => installUnauthorizedRedirect(router), [router])
  return (
    // antd-mobile's built-in locale is zh-CN, so no ConfigProvider (and no locale bundle) is needed.
    <SWRConfig value={swrConfig}>
      <PersistGate persistor={persistor}>
        <RouterProvider router={router} />
        <NotificationHost />
        <DemoBadge />
      </PersistGate>
    </SWRConfig>
  )
}
