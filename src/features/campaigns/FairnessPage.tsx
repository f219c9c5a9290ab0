import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { formatShanghaiDateTime } from '../../domain/dates'
import { useMe } from '../member/api'
import type { ScreenLoader } from '../../types/route'
import { campaignPath, useCampaign } from './api'
import { recomputeDraw, seedMatches } from './verify'
import './fairness.css'

type Check = { seed: boolean; draws: Record<string, boolean> }

/** The campaign the URL names (?campaign=), or null when there is none or it is not a valid id. */
const campaignIdOf = (search: URLSearchParams): string | null => {
  const id = search.get('campaign') ?? ''
  return /^[a-z0-9][a-z0-9-]{2,39}$/.test(id) ? id : null
}

export const loader: ScreenLoader = (at, load) => {
  const id = campaignIdOf(at.search)
  return id ? load(campaignPath(id)) : undefined
}

/**
 * /activity/fairness?campaign=: how a campaign draws, the SHA-256 of its seed published from the start, and once
 * it has ended the seed itself, with every one of my draws recomputed here in the browser.
 */
export default function FairnessPage() {
  const [params] = useSearchParams()
  const id = campaignIdOf(params)
  const me = useMe()
  const campaign = useCampaign(id)
  const [check, setCheck] = useState<Check | null>(null)
  const data = campaign.data
  const userId = me.data?.id ?? null

  useEffect(() => {
    if (!data?.seed) return
    const seed = data.seed
    let live = true
    void (async () => {
      const draws: Record<string, boolean> = {}
      for (const d of data.draws)
        draws[d.id] = userId !== null && (await recomputeDraw(seed, data.id, userId, d)) === d.prizeId
      const ok = await seedMatches(seed, data.seedHash)
      if (live) setCheck({ seed: ok, draws })
    })()
    return () => {
      live = false
    }
  }, [data, userId])

  if (id === null) return <EmptyView title="未指定活动" description="请从活动页的“抽奖公平性”链接进入" />
  if (campaign.error) return <ErrorView error={campaign.error} onRetry={() => void campaign.mutate()} />
  if (!data) return <LoadingView lines={6} />
  return (
    <div className="fairness-page" data-testid="fairness">
      <section className="fairness-card">
        <h2>{data.title}</h2>
        <p className="fairness-muted">
          活动时间 {formatShanghaiDateTime(data.startAt)} 至 {formatShanghaiDateTime(data.endAt)}
        </p>
        <h3>怎样保证公平</h3>
        <ol className="fairness-steps">
          <li>活动开始前，服务器生成一个随机种子，并公布它的 SHA-256 摘要（下方），之后种子不再改变。</li>
          <li>每次抽奖的随机数 = HMAC-SHA256(种子, “活动编号:用户编号:第几次”) 的前 48 位 ÷ 2⁴⁸。</li>
          <li>随机数按权重落在当时仍有库存的奖品上；每次抽奖都记录了当时的奖品与权重。</li>
          <li>活动结束后公布种子，任何人都可以验证摘要一致，并重新算出自己的每一次抽奖。</li>
        </ol>
        <p className="fairness-label">种子摘要（SHA-256）</p>
        <code className="fairness-code">{data.seedHash}</code>
        <p className="fairness-label">种子</p>
        {data.seed ? (
          <>
            <code className="fairness-code" data-testid="fairness-seed">
              {data.seed}
            </code>
            <p
              data-testid="fairness-seed-check"
              className={check?.seed === false ? 'fairness-bad' : 'fairness-good'}
            >
              {check === null
                ? '正在验证…'
                : check.seed
                  ? '✓ 种子与活动开始时公布的摘要一致'
                  : '✗ 种子与摘要不一致'}
            </p>
          </>
        ) : (
          <p className="fairness-muted">活动结束后公布，届时可在本页复核每一次抽奖。</p>
        )}
      </section>
      <section className="fairness-card" aria-label="我的抽奖">
        <h3>我的抽奖</h3>
        {me.data === null ? (
          <p className="fairness-muted">登录后可查看并复核自己的抽奖记录。</p>
        ) : data.draws.length === 0 ? (
          <p className="fairness-muted">暂无抽奖记录</p>
        ) : (
          <ul className="fairness-draws">
            {data.draws.map((d) => (
              <li key={d.id} data-testid="fairness-draw">
                <span>第 {d.seq} 次</span>
                <span>{d.won ? d.reward : '谢谢参与'}</span>
                <span>
                  {!data.seed
                    ? '待公布种子'
                    : check === null
                      ? '验证中'
                      : check.draws[d.id]
                        ? '✓ 复核一致'
                        : '✗ 复核不一致'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
