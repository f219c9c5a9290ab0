import { useState } from 'react'
import { Button } from 'antd-mobile'
import { LeftOutline, RightOutline } from 'antd-mobile-icons'
import { useSWRConfig } from 'swr'
import { LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { toast } from '../../components/notice'
import { describeError } from '../../lib/request'
import type { ScreenLoader } from '../../types/route'
import { pointsKey, signInKey, signInToday, useSignInStatus } from './api'
import { pointsPaths } from './paths'
import { SignInCalendar } from './SignInCalendar'
import './points.css'

const backToPoints = { to: pointsPaths.points, label: '返回积分' }

/** Moves a YYYY-MM month by `delta` months. */
function shiftMonth(month: string, delta: number): string {
  const [year, mon] = month.split('-').map(Number)
  const index = year * 12 + (mon - 1) + delta
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

export const loader: ScreenLoader = (_, load) => load(signInKey())

/** /signIn: today's sign-in, the streak, the 7-day ladder and the month's calendar (earlier months too). */
export default function SignInPage() {
  const [month, setMonth] = useState<string | undefined>(undefined)
  const status = useSignInStatus(month)
  const { mutate } = useSWRConfig()
  const [signing, setSigning] = useState(false)

  if (status.error)
    return <LoginAwareError back={backToPoints} error={status.error} onRetry={() => void status.mutate()} />
  if (!status.data) return <LoadingView lines={6} />
  const s = status.data
  const thisMonth = s.today.slice(0, 7)
  // Where today sits in the ladder's cycle: the day today's sign-in counts (or counted) as.
  const cycleDay = ((s.signedToday ? s.streak : s.streak + 1) - 1) % s.ladder.length

  async function signIn() {
    setSigning(true)
    try {
      const result = await signInToday()
      toast(
        'success',
        result.beans > 0
          ? `签到成功，获得 ${result.reward} 积分和 ${result.beans} 金豆`
          : `签到成功，获得 ${result.reward} 积分`,
      )
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setSigning(false)
      // Signed or refused (already signed elsewhere): both the calendar and the balance are asked again.
      await Promise.all([mutate(signInKey(month)), mutate(signInKey(undefined)), mutate(pointsKey)])
    }
  }

  return (
    <div className="sign-in-page" data-testid="sign-in-page">
      <section className="sign-in-hero">
        <div className="sign-in-streak" data-testid="sign-in-streak">
          {s.streak > 0 ? (
            <>
              已连续签到 <strong>{s.streak}</strong> 天
            </>
          ) : (
            '开始连续签到，第7天有惊喜'
          )}
        </div>
        <div className="sign-in-bonus-note">连续签到第7天额外奖励 {s.cycleBeans} 金豆</div>
        <div className="sign-in-usable">
          可用积分 <strong>{s.usable.toLocaleString('zh-CN')}</strong>
        </div>
        <ol className="sign-in-ladder" aria-label="连续签到奖励">
          {s.ladder.map((points, i) => (
            <li
              key={i}
              className={[
                'sign-in-step',
                i < cycleDay || (i === cycleDay && s.signedToday) ? 'done' : '',
                i === cycleDay ? 'current' : '',
                i === s.ladder.length - 1 ? 'bonus' : '',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              <span className="sign-in-step-points">+{points}</span>
              {i === s.ladder.length - 1 && <span className="sign-in-step-beans">+{s.cycleBeans}金豆</span>}
              <span className="sign-in-step-day">第{i + 1}天</span>
            </li>
          ))}
        </ol>
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={signing}
          disabled={s.signedToday || signing}
          onClick={() => void signIn()}
        >
          {s.signedToday ? `今日已签到，明天可领 ${s.tomorrowReward} 积分` : `签到领 ${s.todayReward} 积分`}
        </Button>
      </section>

      <section className="points-card sign-in-month" aria-label="签到日历">
        <div className="sign-in-month-bar">
          <Button
            fill="none"
            size="small"
            aria-label="上个月"
            onClick={() => setMonth(shiftMonth(s.month, -1))}
          >
            <LeftOutline />
          </Button>
          <span>
            {Number(s.month.slice(0, 4))}年{Number(s.month.slice(5))}月
          </span>
          <Button
            fill="none"
            size="small"
            aria-label="下个月"
            disabled={s.month >= thisMonth}
            onClick={() => setMonth(shiftMonth(s.month, 1))}
          >
            <RightOutline />
          </Button>
        </div>
        <SignInCalendar month={s.month} signedDays={s.signedDays} today={s.today} />
        <p className="points-card-note">
          每天可签到一次（以北京时间计），断签后从第1天重新开始，漏签不可补签。
        </p>
      </section>
    </div>
  )
}
