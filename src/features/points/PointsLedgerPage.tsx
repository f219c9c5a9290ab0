import { InfiniteScroll } from 'antd-mobile'
import { Tabs } from '../../components/tabs/Tabs'
import { useSearchParams } from 'react-router-dom'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatShanghaiDateTime } from '../../domain/dates'
import type { ScreenLoader } from '../../types/route'
import { ledgerKey, usePointsLedger } from './api'
import { pointsLedgerHref, pointsPaths } from './paths'
import './points.css'

const TABS = [
  { key: 'all', title: '全部' },
  { key: 'earn', title: '获得' },
  { key: 'spend', title: '支出' },
] as const

type Direction = 'earn' | 'spend'
const directionOf = (value: string | null): Direction | undefined =>
  value === 'earn' || value === 'spend' ? value : undefined

export const loader: ScreenLoader = ({ search }, load) =>
  load.pages(ledgerKey(directionOf(search.get('direction'))))

/** /signInList: every change of the points balance, newest first, by tab (全部 / 获得 / 支出). */
export default function PointsLedgerPage() {
  const [params] = useSearchParams()
  const direction = directionOf(params.get('direction'))
  const navigate = useAppNavigate()
  return (
    <div className="points-ledger-page" data-testid="points-ledger">
      <Tabs
        activeKey={direction ?? 'all'}
        onChange={(key) => navigate(pointsLedgerHref(directionOf(key)), { replace: true })}
      >
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.key} title={tab.title} />
        ))}
      </Tabs>
      <Ledger direction={direction} />
    </div>
  )
}

function Ledger({ direction }: { direction: Direction | undefined }) {
  const { items, hasMore, error, isLoading, size, setSize, mutate } = usePointsLedger(direction)
  if (error && items.length === 0)
    return (
      <LoginAwareError
        back={{ to: pointsPaths.points, label: '返回积分' }}
        error={error}
        onRetry={() => void mutate()}
      />
    )
  if (isLoading && items.length === 0) return <LoadingView lines={5} />
  if (items.length === 0) return <EmptyView title="暂无积分明细" description="每日签到、投保都可以获得积分" />
  return (
    <>
      <ul className="points-ledger">
        {items.map((entry) => (
          <li key={entry.id} className="points-ledger-row">
            <div>
              <div className="points-ledger-title">{entry.title}</div>
              <div className="points-ledger-time">{formatShanghaiDateTime(entry.createdAt)}</div>
            </div>
            <div className="points-ledger-amounts">
              <div className={entry.amount > 0 ? 'points-earn' : 'points-spend'}>
                {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
              </div>
              <div className="points-ledger-time">余额 {entry.usableAfter}</div>
            </div>
          </li>
        ))}
      </ul>
      <InfiniteScroll hasMore={hasMore} loadMore={async () => void (await setSize(size + 1))}>
        {hasMore ? '加载中…' : '— 没有更多了 —'}
      </InfiniteScroll>
    </>
  )
}
