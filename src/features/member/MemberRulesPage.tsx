import { ErrorView, LoadingView } from '../../components/StatusViews'
import { memberRulesKey, useMemberRules } from './api'
import './userCenter.css'
import type { ScreenLoader } from '../../types/route'

export const loader: ScreenLoader = async (_, load) => load(memberRulesKey)

/** /memberRules: how levels, growth and points work, as the server's configuration says. */
export default function MemberRulesPage() {
  const rules = useMemberRules()
  if (rules.error) return <ErrorView error={rules.error} onRetry={() => void rules.mutate()} />
  if (!rules.data) return <LoadingView lines={8} />
  const r = rules.data
  return (
    <div className="member-rules" data-testid="member-rules">
      <section className="user-center-card">
        <h2>会员等级</h2>
        <p>
          成长值为近 {r.growthWindowDays}{' '}
          天内获得的积分总数（签到、投保等获得的积分，兑换消耗不减少成长值）。成长值达到门槛即升级，低于门槛时等级相应调整。
        </p>
        <table className="member-rules-table">
          <thead>
            <tr>
              <th scope="col">等级</th>
              <th scope="col">所需成长值</th>
              <th scope="col">权益数</th>
            </tr>
          </thead>
          <tbody>
            {r.levels.map((level) => (
              <tr key={level.code}>
                <td>
                  {level.code} {level.name}
                </td>
                <td>{level.minGrowth.toLocaleString('zh-CN')}</td>
                <td>{level.benefits.length} 项</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="user-center-card">
        <h2>积分怎么得</h2>
        <ul>
          <li>
            每日签到：连续签到第1–7天依次得 {r.signInLadder.join('、')} 积分，第7天额外奖励 {r.cycleBeans}{' '}
            金豆；中断后从第1天重新计算。
          </li>
          <li>投保奖励：保单出单后按实付保费每 1 元得 {r.pointsPerYuan} 积分；犹豫期内退保将扣回。</li>
        </ul>
      </section>
      <section className="user-center-card">
        <h2>积分有效期</h2>
        <p>{r.expiryRule}</p>
      </section>
      <section className="user-center-card">
        <h2>其他说明</h2>
        <p>
          积分、金豆仅限本人使用，不可转让、不可提现。会员权益为服务类权益，与保险合同无关，不构成保费优惠。
        </p>
      </section>
    </div>
  )
}
