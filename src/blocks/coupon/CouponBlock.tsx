import { useState } from 'react'
import { Button } from 'antd-mobile'
import { toast } from '../../components/notice'
import { COUPON_STATUS_TEXT } from '../../domain/coupons'
import { formatShanghaiDateTime } from '../../domain/dates'
import {
  campaignCouponsPath,
  loadCampaign,
  useCampaign,
  useCampaignActions,
  useCampaignCoupons,
  type Coupon,
} from '../../features/campaigns/api'
import { couponsHref } from '../../features/campaigns/paths'
import { describeError } from '../../lib/request'
import type { CampaignState } from '../../types/generated/api/campaign'
import type { CouponBlock as Props } from '../../types/generated/page'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { BlockError, BlockLoading } from '../shared/BlockStatus'
import type { BlockLoader } from '../registry'
import './CouponBlock.css'

/** What the button says and whether it can be pressed, from the campaign's state for this user. */
function buttonOf(state: CampaignState, text: string): { label: string; enabled: boolean } {
  if (state.status === 'upcoming') return { label: '未开始', enabled: false }
  if (state.status === 'ended') return { label: '已结束', enabled: false }
  if (state.status === 'offline') return { label: '已下线', enabled: false }
  if (state.chances === null) return { label: '登录领取', enabled: true }
  if (state.chances.leftTotal <= 0) return { label: '已领取', enabled: false }
  if (state.notEligible) return { label: '不可领取', enabled: false }
  if (state.prizes.every((p) => p.left === 0)) return { label: '已领完', enabled: false }
  if (state.chances.left <= 0) return { label: '今日已领', enabled: false }
  return { label: text, enabled: true }
}

function CouponItem({ coupon }: { coupon: Coupon }) {
  return (
    <li className={`blk-coupon-mine-item is-${coupon.status}`} data-testid="coupon-mine">
      <div>
        <strong>{coupon.name}</strong>
        <span className="blk-coupon-status">{COUPON_STATUS_TEXT[coupon.status]}</span>
      </div>
      <p className="blk-coupon-code">
        券码 <span>{coupon.code}</span>
      </p>
      <p className="blk-note">有效期至 {formatShanghaiDateTime(coupon.validTo)}</p>
    </li>
  )
}

/** The campaign's state, and my coupons of it when the state says someone is logged in (mine shows then). */
export const loader: BlockLoader<Props> = async (block, load) => {
  const state = await loadCampaign(block.campaign, load)
  if (wantsMine(block) && state.chances != null) await load(campaignCouponsPath(block.campaign))
}

const wantsMine = (block: Props) => block.showMine !== false

/**
 * 领券 on a coupon campaign of the page: the coupon's benefit and how long it lasts, how many are left, my
 * chances; 领取 sent once with an Idempotency-Key shows the code at once; 我的券 of the campaign below.
 */
export default function CouponBlock({ block }: BlockProps<Props>) {
  const runtime = useBlockRuntime()
  // Rendered by the server, it shows the coupon as a visitor who is not logged in sees it (the state came with
  // the HTML); this visitor's chances and 我的券 come once it is hydrated. The build's file shows its frame.
  const { data, error, mutate } = useCampaign(block.campaign)
  // The state says whether the visitor is logged in; until it has come as theirs, the stores do (我的券 keeps
  // its room from the first render on).
  const loggedIn = data?.chances != null
  const mine = useCampaignCoupons(wantsMine(block) && loggedIn ? block.campaign : null)
  const actions = useCampaignActions()
  const [busy, setBusy] = useState(false)
  const [collected, setCollected] = useState<Coupon | null>(null)

  // Rendered for nobody, the HTML holds 我的券's room for a logged-in visitor, shown only when the server sent it
  // to one (CouponBlock.css); for them the section then comes in its place.
  const mineSection =
    wantsMine(block) && (loggedIn || runtime.loggedIn) ? (
      <MineSection mine={mine} onAll={() => runtime.navigate(couponsHref())} />
    ) : wantsMine(block) && runtime.prerendered ? (
      <MineSection reserved onAll={() => undefined} />
    ) : null

  if (error) return <BlockError error={error} onRetry={() => void mutate()} />
  if (!data)
    return (
      <section className="blk-coupon" aria-label="领券">
        <BlockLoading lines={3} />
        {mineSection}
      </section>
    )

  const prize = data.prizes[0]
  const left = data.prizes.reduce<number | null>(
    (sum, p) => (sum === null || p.left === null ? null : sum + p.left),
    0,
  )
  const button = buttonOf(data, runtime.text(block.buttonText ?? '立即领取'))

  async function collect() {
    if (!loggedIn) {
      await runtime.run({ type: 'login' })
      return
    }
    setBusy(true)
    try {
      const result = await actions.collect(block.campaign)
      setCollected(result.coupon)
      toast('success', '领取成功')
      if (block.then) await runtime.run(block.then)
    } catch (e) {
      toast('error', describeError(e))
    } finally {
      setBusy(false)
      void mutate()
      void mine.mutate()
    }
  }

  return (
    <section className="blk-coupon" aria-label={data.title}>
      <div className="blk-coupon-ticket">
        <div className="blk-coupon-face">
          {block.label && <span className="blk-coupon-label">{runtime.text(block.label)}</span>}
          <strong className="blk-coupon-name">{prize?.name ?? data.title}</strong>
          {prize && (
            <p className="blk-coupon-benefit">
              {/* "名称（权益，有效期）": the name is above, the rest here. */}
              {prize.reward.startsWith(`${prize.name}（`)
                ? prize.reward.slice(prize.name.length + 1, -1)
                : prize.reward}
            </p>
          )}
        </div>
        <div className="blk-coupon-side">
          <Button
            color="primary"
            shape="rounded"
            size="small"
            disabled={!button.enabled || busy}
            loading={busy}
            onClick={() => void collect()}
          >
            {button.label}
          </Button>
        </div>
      </div>
      <p className="blk-coupon-meta" data-testid="coupon-meta">
        {left !== null && <span>剩余 {left} 张</span>}
        {data.chances && (
          <span>{data.chances.leftTotal > 0 ? `您还可领 ${data.chances.leftTotal} 张` : '您已领取'}</span>
        )}
        {!data.chances && <span>登录后领取</span>}
      </p>
      {data.notEligible && data.chances && data.chances.leftTotal > 0 && (
        <p className="blk-note" role="note" data-testid="coupon-eligibility">
          {data.notEligible}
        </p>
      )}
      {collected && (
        <p className="blk-coupon-collected" role="status" data-testid="coupon-claimed">
          领取成功，券码 {collected.code}，有效期至 {formatShanghaiDateTime(collected.validTo)}
        </p>
      )}
      {mineSection}
    </section>
  )
}

/** 我的券 of the campaign: the coupons, loading, or (`reserved`) its room held while rendered for nobody. */
function MineSection({
  mine,
  reserved = false,
  onAll,
}: {
  mine?: ReturnType<typeof useCampaignCoupons>
  reserved?: boolean
  onAll: () => void
}) {
  return (
    <div
      className={reserved ? 'blk-coupon-mine is-reserved' : 'blk-coupon-mine'}
      aria-hidden={reserved || undefined}
    >
      <h3>我的券</h3>
      {mine?.error ? (
        <BlockError error={mine.error} onRetry={() => void mine.mutate()} />
      ) : !mine?.data ? (
        <BlockLoading lines={2} />
      ) : mine.data.items.length === 0 ? (
        <p className="blk-note">还没有领取本活动的券</p>
      ) : (
        <ul>
          {mine.data.items.map((c) => (
            <CouponItem key={c.id} coupon={c} />
          ))}
        </ul>
      )}
      <button type="button" className="blk-coupon-all" onClick={onAll} tabIndex={reserved ? -1 : undefined}>
        查看我的全部券
      </button>
    </div>
  )
}
