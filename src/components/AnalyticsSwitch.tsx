import { useSyncExternalStore } from 'react'
import { List, Switch } from 'antd-mobile'
import { optOut, type OptOut } from '../lib/analytics/consent'
import { onConsentChange, setAnalyticsOff } from '../lib/analytics/consentSwitch'
import { toast } from './notice'

// The 统计分析 switch (docs/analytics.md): in 账户与安全 and under the 《隐私保护政策》, for visitors logged in or
// not. Off writes the analytics_off cookie (the browser then sends nothing and the server keeps nothing) and
// forgets what was waiting to be sent. A browser with Do Not Track or Global Privacy Control on shows it off.

export const ANALYTICS_SWITCH_TITLE = '统计分析'

/** While the server renders and the browser hydrates, the switch does not know this browser's choice yet. */
const notKnownYet = (): OptOut | 'unknown' => 'unknown'

export function AnalyticsSwitch({ className }: { className?: string }) {
  const state = useSyncExternalStore(onConsentChange, optOut, notKnownYet)
  const change = (on: boolean) => {
    setAnalyticsOff(!on)
    toast('success', on ? '已开启统计分析' : '已关闭统计分析')
  }
  return (
    <List header="隐私设置" className={className}>
      <List.Item
        description={
          state === 'browser'
            ? '您的浏览器已开启“请勿追踪”或“全局隐私控制”，我们不做统计。'
            : '以匿名编号统计活动页面的浏览、点击和投保步骤，用于改进页面；不记录手机号、姓名或证件号。'
        }
        extra={
          <Switch
            aria-label={ANALYTICS_SWITCH_TITLE}
            data-testid="analytics-switch"
            checked={state === null}
            disabled={state === 'unknown' || state === 'browser'}
            onChange={change}
          />
        }
      >
        {ANALYTICS_SWITCH_TITLE}
      </List.Item>
    </List>
  )
}
