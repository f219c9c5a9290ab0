import { ProgressBar } from 'antd-mobile'
import type { MemberStatus } from '../../types/generated/api/member'

/** The member's level, growth and what the next level needs. */
export function LevelCard({ status }: { status: MemberStatus }) {
  const { level, growth, next } = status
  const percent = next ? Math.min(100, Math.round((growth / next.minGrowth) * 100)) : 100
  return (
    <section className="level-card" aria-label="会员等级" data-testid="level-card">
      <div className="level-card-head">
        <span className="level-card-badge">{level.code}</span>
        <strong>{level.name}</strong>
        <span className="level-card-growth">成长值 {growth.toLocaleString('zh-CN')}</span>
      </div>
      <ProgressBar
        percent={percent}
        style={{ '--fill-color': '#fadb14', '--track-color': 'rgb(255 255 255 / 30%)' }}
      />
      <div className="level-card-note">
        {next
          ? `再获得 ${(next.minGrowth - growth).toLocaleString('zh-CN')} 成长值升级为${next.name}`
          : '您已是最高等级会员'}
      </div>
    </section>
  )
}
