import { useState } from 'react'
import { Tabs } from '../../components/tabs/Tabs'
import { ErrorView, LoadingView } from '../../components/StatusViews'
import {
  loadAppMode,
  memberKey,
  memberRulesKey,
  useAppMode,
  useMe,
  useMemberRules,
  useMemberStatus,
} from './api'
import './userCenter.css'
import type { ScreenLoader } from '../../types/route'

export const loader: ScreenLoader = async ({ loggedIn }, load) =>
  Promise.all([load(memberRulesKey), loggedIn && load(memberKey), loadAppMode(load)])

/** /welfare: the benefits of each level, opening at the member's own level when logged in. */
export default function WelfarePage() {
  const rules = useMemberRules()
  const me = useMe()
  const status = useMemberStatus(Boolean(me.data))
  const [picked, setPicked] = useState<string | null>(null)
  const demo = useAppMode() === 'demo'

  if (rules.error) return <ErrorView error={rules.error} onRetry={() => void rules.mutate()} />
  if (!rules.data || me.isLoading || (me.data && !status.data && !status.error))
    return <LoadingView lines={6} />
  const mine = status.data?.level.code ?? null
  const active = picked ?? mine ?? rules.data.levels[0].code
  const level = rules.data.levels.find((l) => l.code === active) ?? rules.data.levels[0]

  return (
    <div className="welfare" data-testid="welfare">
      {mine && status.data && (
        <div className="welfare-mine" data-testid="welfare-mine">
          您当前是 <strong>{status.data.level.name}</strong>，享有 {status.data.level.benefits.length} 项权益
        </div>
      )}
      <Tabs activeKey={active} onChange={setPicked}>
        {rules.data.levels.map((l) => (
          <Tabs.Tab key={l.code} title={l.name.replace('会员', '')} />
        ))}
      </Tabs>
      <section className="user-center-card" aria-label={`${level.name}权益`}>
        <h2>
          {level.name}
          <span className="welfare-threshold">成长值 {level.minGrowth.toLocaleString('zh-CN')} 起</span>
        </h2>
        <ul className="welfare-list">
          {level.benefits.map((b) => (
            <li key={b.title}>
              <strong>{b.title}</strong>
              <span>{b.description}</span>
            </li>
          ))}
        </ul>
      </section>
      {demo && (
        <p className="welfare-demo-note" data-testid="welfare-demo-note">
          演示环境：以上权益为示例内容，实际提供的服务以正式上线公告为准。
        </p>
      )}
    </div>
  )
}
