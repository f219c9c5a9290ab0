// Providers of the studio: antd's Chinese locale and theme, dayjs in zh-cn, antd's App (message/modal hooks).
import { App as AntApp, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { StudioRouter } from './StudioRouter'

dayjs.locale('zh-cn')

export function StudioRoot() {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <AntApp>
        <StudioRouter />
      </AntApp>
    </ConfigProvider>
  )
}
