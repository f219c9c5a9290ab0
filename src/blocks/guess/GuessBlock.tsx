import { useEffect, useState } from 'react'
import { Button } from 'antd-mobile'
import type { KeyedMutator } from 'swr'
import { toast } from '../../components/notice'
import { formatMatchTime, isLocked, nextLock, scorePicks } from '../../domain/guess'
import { loadCampaign, useCampaign, useCampaignActions } from '../../features/campaigns/api'
import type { BlockLoader } from '../registry'
import { apiErrorOf, describeError } from '../../lib/request'
import type { CampaignState, GuessItem, GuessState } from '../../types/generated/api/campaign'
import type { GuessBlock as Props } from '../../types/generated/page'
import { splitDuration } from '../countdown/CountdownBlock'
import { useBlockRuntime, type BlockProps } from '../runtime'
import { BlockEmpty, BlockError, BlockLoading } from '../shared/BlockStatus'
import './GuessBlock.css'

const pad = (n: number) => String(n).padStart(2, '0')

const OUTCOME_TEXT = { right: '猜中', wrong: '未猜中', pending: '待开奖', none: '未参与' } as const

const labelOf = (item: GuessItem, optionId: string | null) =>
  item.options.find((o) => o.id === optionId)?.label ?? ''

/** Ticks every second (the countdown and the locks move with the page's server clock). */
function useSecondTick() {
  const [, setTick] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => setTick((t) => t + 1), 1000)
    return () => clearInterval(timer)
  }, [])
}

export const loader: BlockLoader<Props> = (block, load) => loadCampaign(block.campaign, load)

/**
 * 竞猜 on a guess campaign of the page: the items with their options, my picks (changed until each item locks on
 * server time), a countdown to the next lock, results with 猜中/未猜中 once entered; `view: results` shows only
 * the results, my record and my rewards.
 */
export default function GuessBlock({ block }: BlockProps<Props>) {
  // Rendered by the server, it shows the campaign's state as a visitor who is not logged in sees it (the data
  // came with the HTML), the lock countdown without digits; this visitor's own picks come once it is hydrated.
  // The build has no state to show: a placeholder.
  const { data, error, mutate } = useCampaign(block.campaign)
  useSecondTick()

  if (error) return <BlockError error={error} onRetry={() => void mutate()} />
  if (!data) return <BlockLoading lines={5} />
  const guess = data.guess
  if (!guess) return <BlockEmpty title="竞猜暂不可用" description="该活动不是竞猜活动" />
  if (guess.items.length === 0) return <BlockEmpty title="暂无竞猜场次" description="场次公布后即可参与" />
  const props = { data, guess, campaign: block.campaign }
  return block.view === 'results' ? (
    <GuessResults {...props} />
  ) : (
    <GuessPicks {...props} submitText={block.submitText} mutate={mutate} />
  )
}

interface ViewProps {
  data: CampaignState
  guess: GuessState
  campaign: string
}

function GuessPicks({
  data,
  guess,
  campaign,
  submitText,
  mutate,
}: ViewProps & {
  submitText?: string
  mutate: KeyedMutator<CampaignState>
}) {
  const runtime = useBlockRuntime()
  const actions = useCampaignActions()
  const [draft, setDraft] = useState<Record<string, string>>({})
  const [submitting, setSubmitting] = useState(false)
  const nowMs = runtime.now()
  const loggedIn = guess.score !== null
  const live = data.status === 'live'
  // Locked when the server said so or the page's clock has passed the lock since.
  const lockedNow = (item: GuessItem) => item.locked || isLocked(item.lockAt, nowMs)
  const open = (item: GuessItem) => live && !lockedNow(item) && item.result === null
  const changes = guess.items
    .filter((item) => open(item) && draft[item.id] !== undefined && draft[item.id] !== item.myPick)
    .map((item) => ({ itemId: item.id, optionId: draft[item.id] }))
  const picked = guess.items.filter(
    (item) => (open(item) ? (draft[item.id] ?? item.myPick) : item.myPick) !== null,
  ).length

  async function submit() {
    if (!loggedIn) {
      await runtime.run({ type: 'login' })
      return
    }
    setSubmitting(true)
    try {
      const next = await actions.guess(campaign, changes)
      setDraft({})
      await mutate({ ...data, guess: next }, { revalidate: false })
      toast('success', '竞猜已提交，截止前可修改')
    } catch (e) {
      toast('error', describeError(e))
      // A match that locked meanwhile: show it locked, keep the other choices.
      if (apiErrorOf(e)?.code === 'GUESS_LOCKED') await mutate()
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <section className="blk-guess" aria-label={data.title}>
      <GuessHeader data={data} guess={guess} nowMs={nowMs} prerendered={runtime.prerendered} />
      <ol className="blk-guess-items">
        {guess.items.map((item) => {
          const editable = open(item)
          // A choice not sent before the lock is dropped: the server keeps what was sent.
          const choice = editable ? (draft[item.id] ?? item.myPick) : item.myPick
          const locked = lockedNow(item)
          return (
            <li key={item.id} className="blk-guess-item" data-testid="guess-item">
              <div className="blk-guess-meta">
                <span>
                  {[item.stage, item.kickoffAt && `${formatMatchTime(item.kickoffAt)} 开赛`]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <ItemTag item={item} locked={locked} />
              </div>
              <h3 className="blk-guess-title">{item.title}</h3>
              <div className="blk-guess-options" role="group" aria-label={`${item.title}的选项`}>
                {item.options.map((option) => (
                  <button
                    key={option.id}
                    type="button"
                    className={[
                      'blk-guess-option',
                      choice === option.id ? 'is-picked' : '',
                      item.result === option.id ? 'is-result' : '',
                    ].join(' ')}
                    aria-pressed={choice === option.id}
                    disabled={!editable || submitting}
                    onClick={() => setDraft((d) => ({ ...d, [item.id]: option.id }))}
                  >
                    <span>{option.label}</span>
                    {locked && <small>{option.picks}人选</small>}
                  </button>
                ))}
              </div>
              <p className="blk-guess-foot">
                {item.result !== null
                  ? `结果：${labelOf(item, item.result)}${item.myPick ? `；我的选择：${labelOf(item, item.myPick)}` : ''}`
                  : locked
                    ? item.myPick
                      ? `我的选择：${labelOf(item, item.myPick)}，等待结果公布`
                      : '已截止，未参与本场'
                    : `截止时间 ${formatMatchTime(item.lockAt)}${
                        choice !== null && choice !== item.myPick ? '（未提交）' : ''
                      }`}
              </p>
            </li>
          )
        })}
      </ol>
      {live && (
        <div className="blk-guess-submit">
          {loggedIn && (
            <p data-testid="guess-progress">
              已选 {picked}/{guess.items.length} 项{changes.length > 0 ? `，${changes.length} 项待提交` : ''}
            </p>
          )}
          <Button
            block
            color="primary"
            shape="rounded"
            loading={submitting}
            disabled={submitting || (loggedIn && changes.length === 0)}
            onClick={() => void submit()}
          >
            {loggedIn ? runtime.text(submitText ?? '提交竞猜') : '登录参与竞猜'}
          </Button>
        </div>
      )}
    </section>
  )
}

function GuessHeader({
  data,
  guess,
  nowMs,
  prerendered,
}: {
  data: CampaignState
  guess: GuessState
  nowMs: number
  prerendered: boolean
}) {
  const next = nextLock(guess.items, nowMs)
  let timer: string
  if (data.status === 'upcoming') timer = `竞猜将于 ${formatMatchTime(data.startAt)} 开始`
  else if (data.status === 'ended') timer = '竞猜已结束，感谢参与'
  else if (data.status === 'offline') timer = '活动已下线'
  else if (next === null) timer = '全部场次已截止，结果公布后即可查看'
  else {
    const { days, hours, minutes, seconds } = splitDuration(Date.parse(next) - nowMs)
    const clock = prerendered ? '--:--:--' : `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`
    timer = `距下一场截止 ${days > 0 ? `${days}天 ` : ''}${clock}`
  }
  return (
    <header className="blk-guess-head">
      <p className="blk-guess-timer" role="timer" data-testid="guess-timer">
        {timer}
      </p>
      {guess.correctReward && <p className="blk-guess-reward">每猜中 1 项奖励 {guess.correctReward}</p>}
    </header>
  )
}

function ItemTag({ item, locked }: { item: GuessItem; locked: boolean }) {
  if (item.result !== null && item.outcome !== 'none')
    return (
      <span className={`blk-guess-tag is-${item.outcome}`} data-testid="guess-outcome">
        {OUTCOME_TEXT[item.outcome]}
      </span>
    )
  if (locked || item.result !== null)
    return (
      <span className="blk-guess-tag is-locked" data-testid="guess-outcome">
        已截止
      </span>
    )
  return <span className="blk-guess-tag is-open">竞猜中</span>
}

function GuessResults({ data, guess }: ViewProps) {
  const runtime = useBlockRuntime()
  const loggedIn = guess.score !== null
  const score = scorePicks(guess.items)
  return (
    <section className="blk-guess blk-guess-results" aria-label={`${data.title}结果`}>
      {loggedIn ? (
        <p className="blk-guess-score" data-testid="guess-score">
          <span>
            猜中 <b>{score.right}</b> 项 · 未猜中 <b>{score.wrong}</b> 项 · 待开奖 <b>{score.pending}</b> 项
          </span>
        </p>
      ) : (
        <div className="blk-guess-login">
          <p>登录后查看我的竞猜结果与奖励</p>
          <Button
            size="small"
            color="primary"
            shape="rounded"
            onClick={() => void runtime.run({ type: 'login' })}
          >
            登录
          </Button>
        </div>
      )}
      <table className="blk-guess-table">
        <thead>
          <tr>
            <th scope="col">场次</th>
            <th scope="col">结果</th>
            {loggedIn && <th scope="col">我的选择</th>}
          </tr>
        </thead>
        <tbody>
          {guess.items.map((item) => (
            <tr key={item.id} data-testid="guess-result-row">
              <th scope="row">{item.title}</th>
              <td>{item.result !== null ? labelOf(item, item.result) : '待公布'}</td>
              {loggedIn && (
                <td>
                  {item.myPick ? labelOf(item, item.myPick) : item.locked ? '未参与' : '未选择'}
                  {item.outcome === 'right' || item.outcome === 'wrong' ? (
                    <span className={`blk-guess-tag is-${item.outcome}`}>{OUTCOME_TEXT[item.outcome]}</span>
                  ) : null}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Shown logged out too, at the same height: the page rendered for everyone does not grow once the
          visitor's own rewards come. */}
      <div className="blk-guess-rewards">
        <h3>我的奖励</h3>
        {!loggedIn ? (
          <p className="blk-guess-empty">登录后查看</p>
        ) : guess.rewards.length === 0 ? (
          <p className="blk-guess-empty">暂无奖励，结果公布后猜中即发放到账户</p>
        ) : (
          <ul>
            {guess.rewards.map((r) => (
              <li key={r.itemId} data-testid="guess-reward">
                <span>猜中“{r.title}”</span>
                <b>+{r.reward}</b>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
