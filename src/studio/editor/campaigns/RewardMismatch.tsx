// At a prize's reward cell: its name promises something (「10 积分」) its reward does not pay (谢谢参与, or the
// example's points under 「保温杯」); at a guess's 每猜中一项的奖励, the same for the campaign's title. Said as the
// name is typed, before the page check (src/page-config/prizeReward.ts) refuses it at save and publish, with a
// one-click fix when the name says how many points or beans.

import { useContext } from 'react'
import { Button, Typography } from 'antd'
import { rewardProblem, rewardNamed } from '../../../page-config/prizeReward'
import { CampaignErrors } from './FieldAt'
import { REWARD_KINDS, type Edit } from './campaignModel'
import './rewardMismatch.css'

export function RewardMismatch({
  pointer,
  name,
  reward,
  disabled,
  edit,
  check = rewardProblem,
}: {
  /** The reward's pointer. */
  pointer: string
  /** The name the consumer sees with the reward: a prize's name, a guess's title. */
  name: unknown
  reward: unknown
  disabled: boolean
  edit: Edit
  /** The page check's rule for this reward (default: a prize's). */
  check?: (name: unknown, reward: unknown) => string | null
}) {
  const errorsAt = useContext(CampaignErrors)
  const problem = check(name, reward)
  if (!problem) return null
  // Once the server's check says it at this cell, its message stands there instead.
  const said = [pointer, `${pointer}/kind`].some((p) => errorsAt(p).some((m) => m.includes(problem)))
  const named = typeof name === 'string' ? rewardNamed(name) : null
  const label = named && REWARD_KINDS.find((k) => k.value === named.kind)?.label
  return (
    <div className="campaign-reward-mismatch" data-testid="prize-reward-mismatch">
      {!said && (
        <Typography.Text type="warning" role="status">
          {problem}
        </Typography.Text>
      )}
      {named && (
        <Button
          size="small"
          type="link"
          disabled={disabled}
          onClick={() => edit(pointer, () => ({ kind: named.kind, amount: named.amount }))}
        >
          奖励改为 {named.amount} {label}
        </Button>
      )}
    </div>
  )
}
