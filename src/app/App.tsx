import { useState } from 'react'
import { RouterProvider } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { NotificationHost } from '../components/notice/NotificationHost'
import { swrConfig } from '../lib/request'
import { persistor } from '../state'
import { PersistGate } from './PersistGate'
import { createAppRouter } from './router'

export function App() {
  const [router] = useState(createAppRouter)
  return (
    // antd-mobile's built-in locale is zh-CN, so no ConfigProvider (and no locale bundle) is needed.
    <SWRConfig value={swrConfig}>
      <PersistGate persistor={persistor}>
        <RouterProvider router={router} />
        <NotificationHost />
      </PersistGate>
    </SWRConfig>
  )
}
