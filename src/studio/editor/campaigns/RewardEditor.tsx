// A reward (campaignReward of the page schema): its kind, then the fields of that kind.

import { Input, InputNumber, Select } from 'antd'
import { isObject } from '../configOps'
import { FieldAt } from './FieldAt'
import { newReward, REWARD_KINDS, type Edit } from './campaignModel'

export function RewardEditor({
  pointer,
  value,
  disabled,
  only,
  autoOpen,
  edit,
}: {
  pointer: string
  value: unknown
  disabled: boolean
  /** The kinds allowed (猜中奖励: points and beans). */
  only?: readonly string[]
  /** A row just added: its kind is chosen first, so the list opens. */
  autoOpen?: boolean
  edit: Edit
}) {
  const reward = isObject(value) ? value : { kind: 'nothing' }
  const kind = typeof reward.kind === 'string' ? reward.kind : 'nothing'
  const set = (key: string, v: unknown) => edit(`${pointer}/${key}`, () => v, `${pointer}/${key}`)
  const number = (key: string, label: string, max: number) => (
    <FieldAt pointer={`${pointer}/${key}`} className="campaign-cell-field">
      {({ id, status }) => (
        <InputNumber
          id={id}
          size="small"
          status={status}
          aria-label={label}
          placeholder={label}
          min={1}
          max={max}
          precision={0}
          disabled={disabled}
          value={typeof reward[key] === 'number' ? reward[key] : null}
          onChange={(v) => set(key, v)}
          style={{ width: '100%' }}
        />
      )}
    </FieldAt>
  )
  const text = (key: string, label: string) => (
    <FieldAt pointer={`${pointer}/${key}`} className="campaign-cell-field">
      {({ id, status }) => (
        <Input
          id={id}
          size="small"
          status={status}
          aria-label={label}
          placeholder={label}
          disabled={disabled}
          value={typeof reward[key] === 'string' ? reward[key] : ''}
          onChange={(e) => set(key, e.target.value)}
        />
      )}
    </FieldAt>
  )
  return (
    <div className="campaign-reward">
      <FieldAt pointer={`${pointer}/kind`} pointers={[pointer]} className="campaign-cell-field">
        {({ id, status }) => (
          <Select
            id={id}
            size="small"
            status={status}
            aria-label="奖励类型"
            disabled={disabled}
            defaultOpen={autoOpen}
            autoFocus={autoOpen}
            value={kind}
            options={REWARD_KINDS.filter((k) => !only || only.includes(k.value))}
            onChange={(k: string) => edit(pointer, () => newReward(k))}
            style={{ width: '100%' }}
          />
        )}
      </FieldAt>
      {(kind === 'points' || kind === 'beans') &&
        number('amount', kind === 'points' ? '积分数' : '金豆数', 100000)}
      {kind === 'coupon' && (
        <>
          {text('benefit', '券的权益')}
          {number('validDays', '有效天数', 366)}
        </>
      )}
      {kind === 'physical' && text('description', '礼品说明')}
      {kind === 'gift-policy' && (
        <>
          {text('productId', '赠险产品编号')}
          {text('planCode', '保障计划代码')}
        </>
      )}
    </div>
  )
}
