import { useState } from 'react'
import { ConfigProvider } from 'antd-mobile'
import zhCN from 'antd-mobile/es/locales/zh-CN'
import { RouterProvider } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { NotificationHost } from '../components/notice'
import { swrConfig } from '../lib/request'
import { persistor } from '../state'
import { PersistGate } from './PersistGate'
import { createAppRouter } from './router'

export function App() {
  const [router] = useState(createAppRouter)
  return (
    <ConfigProvider locale={zhCN}>
      <SWRConfig value={swrConfig}>
        <PersistGate persistor={persistor}>
          <RouterProvider router={router} />
          <NotificationHost />
        </PersistGate>
      </SWRConfig>
    </ConfigProvider>
  )
}
