// Providers of the studio: antd's Chinese locale and theme, dayjs in zh-cn, antd's App (message/modal hooks).
import { App as AntApp, ConfigProvider, type ConfigProviderProps } from 'antd'
import zhCN from 'antd/locale/zh_CN'
// antd's styles as one static stylesheet (zero-runtime mode): no style generation while the editor renders,
// which took most of the half second the editor's first render cost at 4x CPU throttling (bench:studio).
import 'antd/dist/antd.css'
import './studio.css'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { StudioRouter } from './StudioRouter'

dayjs.locale('zh-cn')

/** antd's settings for the studio (the tests render with them too). */
export const studioConfig: ConfigProviderProps = {
  locale: zhCN,
  // The default tokens: the static stylesheet is built with them.
  theme: { zeroRuntime: true },
  // "保存", not "保 存": names stay what the label says (screen readers, tests).
  button: { autoInsertSpace: false },
}

export function StudioRoot() {
  return (
    <ConfigProvider {...studioConfig}>
      <AntApp>
        <StudioRouter />
      </AntApp>
    </ConfigProvider>
  )
}
