import { useEffect, useRef, useState } from 'react'
import { Button, Skeleton } from 'antd-mobile'
import { toast } from '../../components/notice'
import { useCampaign, useCampaignActions } from '../../features/campaigns/api'
import { fairnessHref } from '../../features/campaigns/paths'
import { apiErrorOf, describeError } from '../../lib/request'
import type { CampaignDraw, CampaignState } from '../../types/generated/api/campaign'
import type { LotteryBlock as Props } from '../../types/generated/page'
import { CAMPAIGN_NOT_DECLARED } from '../campaignTransport'
import { useBlockRuntime, type BlockProps } from '../runtime'
import './LotteryBlock.css'

/** The 8 cells around the button, clockwise from the top left (the grid's indexes; 4 is the button). */
const RING = [0, 1, 2, 5, 8, 7, 6, 3]
const THANKS = '谢谢参与'
const STEP_MS = 70
/** At least this many steps before the light may stop on the result (two turns). */
const MIN_STEPS = 16

interface Cell {
  prizeId: string | null
  name: string
}

/**
 * The prizes on the ring (at most 8), repeated in turn to fill it: a 谢谢参与 cell only where the campaign has such
 * a prize, so the ring shows no outcome the draw cannot give. Before the state arrives, the frame alone.
 */
function cellsOf(state: CampaignState | undefined): Cell[] {
  const prizes: Cell[] = (state?.prizes ?? []).slice(0, 8).map((p) => ({ prizeId: p.id, name: p.name }))
  if (prizes.length === 0) return RING.map(() => ({ prizeId: null, name: THANKS }))
  return RING.map((_, i) => prizes[i % prizes.length])
}

/**
 * 九宫格抽奖 on a campaign of the page: the server draws (fairly, see /activity/fairness), the light runs two turns
 * and stops on the server's result; chances left, my prizes and the rules below.
 */
export default function LotteryBlock({ block }: BlockProps<Props>) {
  const runtime = useBlockRuntime()
  // Prerendered HTML shows the grid's frame; the state (per user) comes once hydrated.
  const { data, error, mutate } = useCampaign(runtime.prerendered ? null : block.campaign)
  const actions = useCampaignActions()
  const [lit, setLit] = useState<number | null>(null)
  const [spinning, setSpinning] = useState(false)
  const [won, setWon] = useState<CampaignDraw | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const cells = cellsOf(data)
  const chances = data?.chances ?? null
  const live = data?.status === 'live'
  /** Why this user may not draw yet, and what to do: said before any tap (null when they may). */
  const notEligible = data?.notEligible ?? null

  /** Runs the light from where it is to the ring position of `target`, at least two turns. */
  const spinTo = (target: number, then: () => void) => {
    let step = 0
    const start = lit ?? 0
    const stop = MIN_STEPS + ((target - start + 8) % 8)
    const tick = () => {
      step += 1
      setLit((start + step) % 8)
      if (step >= stop) then()
      else timer.current = setTimeout(tick, STEP_MS + Math.max(0, step - stop + 6) * 25)
    }
    tick()
  }

  async function draw() {
    if (!data) return
    if (chances === null) {
      await runtime.run({ type: 'login' })
      return
    }
    setSpinning(true)
    setWon(null)
    try {
      const result = await actions.draw(block.campaign)
      const done = () => {
        setSpinning(false)
        setWon(result.draw)
        void mutate()
      }
      // Nothing left to give (prizeId null): no cell stands for that, so the light lights none.
      const at = cells.findIndex((c) => c.prizeId !== null && c.prizeId === result.draw.prizeId)
      if (at >= 0) spinTo(at, done)
      else {
        setLit(null)
        done()
      }
    } catch (e) {
      setSpinning(false)
      toast('error', describeError(e))
      void mutate()
    }
  }

  // A preview's lottery on a campaign the page does not declare: the notice alone, nothing to retry.
  if (apiErrorOf(error)?.code === CAMPAIGN_NOT_DECLARED)
    return (
      <div className="blk-lottery blk-lottery-error" role="alert">
        {describeError(error)}
      </div>
    )
  if (error)
    return (
      <div className="blk-lottery blk-lottery-error" role="alert">
        活动加载失败：{describeError(error)}
        <Button size="mini" onClick={() => void mutate()}>
          重试
        </Button>
      </div>
    )

  const mine = (data?.draws ?? []).filter((d) => d.won)
  const buttonText = !data
    ? '加载中'
    : data.status === 'upcoming'
      ? '未开始'
      : data.status === 'ended'
        ? '已结束'
        : data.status === 'offline'
          ? '已下线'
          : chances === null
            ? '登录抽奖'
            : notEligible
              ? '暂不可抽'
              : runtime.text(block.buttonText ?? '抽奖')
  return (
    <section className="blk-lottery" aria-label={data?.title ?? '抽奖'}>
      <div className="blk-lottery-grid">
        {Array.from({ length: 9 }, (_, index) => {
          if (index === 4)
            return (
              <button
                key="go"
                type="button"
                className="blk-lottery-go"
                disabled={
                  !data ||
                  !live ||
                  spinning ||
                  notEligible !== null ||
                  (chances !== null && chances.left <= 0)
                }
                onClick={() => void draw()}
              >
                {buttonText}
              </button>
            )
          const ring = RING.indexOf(index)
          const cell = cells[ring]
          return (
            <div
              key={index}
              className={`blk-lottery-cell${lit === ring ? ' is-lit' : ''}`}
              data-testid="lottery-cell"
            >
              {data ? cell.name : <Skeleton.Paragraph lineCount={1} animated />}
            </div>
          )
        })}
      </div>
      {notEligible && (
        <p className="blk-lottery-eligibility" role="note" data-testid="lottery-eligibility">
          {notEligible}
        </p>
      )}
      <p className="blk-lottery-chances" data-testid="lottery-chances">
        {chances === null
          ? '登录后即可参与抽奖'
          : notEligible && chances.left > 0
            ? `完成后今日可抽 ${chances.left} 次（活动期间共剩 ${chances.leftTotal} 次）`
            : chances.left > 0
              ? `今日还可抽 ${chances.left} 次（活动期间共剩 ${chances.leftTotal} 次）`
              : chances.leftTotal > 0
                ? '今日次数已用完，明天再来'
                : '抽奖次数已用完'}
      </p>
      {won && (
        <p className="blk-lottery-won" role="status" data-testid="lottery-result">
          {won.won ? `恭喜获得：${won.reward}` : '谢谢参与，再接再厉'}
        </p>
      )}
      {mine.length > 0 && (
        <div className="blk-lottery-mine">
          <h3>我的奖品</h3>
          <ul>
            {mine.map((d) => (
              <li key={d.id} data-testid="lottery-prize">
                {d.reward}
              </li>
            ))}
          </ul>
        </div>
      )}
      {data?.rules && (
        <div className="blk-lottery-rules">
          <h3>活动规则</h3>
          {data.rules.split('\n').map((line, i) => (
            <p key={i}>{line}</p>
          ))}
          {/* A preview's sandbox publishes no seed: its draws are not the server's fair draws. */}
          {data.seedHash && (
            <p className="blk-lottery-fair">
              抽奖结果由服务器随机数决定，活动开始时已公布随机种子的摘要，结束后公布种子，可复核每一次抽奖。
              <button
                type="button"
                className="blk-lottery-fair-link"
                onClick={() => runtime.navigate(fairnessHref(block.campaign))}
              >
                查看公平性说明
              </button>
            </p>
          )}
        </div>
      )}
    </section>
  )
}
