import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { patchAt, type Edit } from '../../../../src/studio/editor/campaigns/campaignModel'
import { GuessEditor } from '../../../../src/studio/editor/campaigns/KindFields'
import { PrizeTable } from '../../../../src/studio/editor/campaigns/PrizeTable'
import type { Json } from '../../../../src/studio/editor/configOps'

// The reward of a prize follows what a person means: a new prize's reward kind is chosen in its own row, and a
// prize named 「10 积分」 that still pays 谢谢参与 says so at its reward cell, with the fix one click away.

const PRIZES: Json[] = [
  {
    id: 'cup',
    name: '保温杯',
    weight: 10,
    stock: 100,
    reward: { kind: 'physical', description: '保温杯一个' },
  },
  { id: 'thanks', name: '谢谢参与', weight: 60, reward: { kind: 'nothing' } },
]

function Harness() {
  const [root, setRoot] = useState<Json>({ c: { prizes: PRIZES } })
  const prizes = (root.c as { prizes: Json[] }).prizes
  const edit: Edit = (pointer, fn) => setRoot((old) => patchAt(old, pointer, fn))
  return (
    <PrizeTable
      pointer="/c"
      prizes={prizes}
      readOnly={false}
      uploadImage={async () => '/a.png'}
      edit={edit}
    />
  )
}

const kinds = () => screen.getAllByLabelText('奖励类型')

describe('the prize table’s rewards', () => {
  it('a prize renamed 「10 积分」 that still pays 谢谢参与 is warned at its reward, and fixed in one click', async () => {
    render(<Harness />)
    expect(screen.queryByTestId('prize-reward-mismatch')).toBeNull()
    fireEvent.change(screen.getByLabelText('第 2 个奖品的名称'), { target: { value: '10 积分' } })

    const cell = screen.getByTestId('prize-reward-mismatch')
    expect(within(cell).getByRole('status').textContent).toMatch(
      /^奖品名称是「10 积分」，但奖励为「谢谢参与」（不发奖）/,
    )
    fireEvent.click(within(cell).getByRole('button', { name: '奖励改为 10 积分' }))
    await waitFor(() => expect(screen.queryByTestId('prize-reward-mismatch')).toBeNull())
    expect(screen.getAllByLabelText('积分数').map((el) => (el as HTMLInputElement).value)).toEqual(['10'])
  })

  it('添加奖品 opens the new row’s 奖励类型 so its reward is chosen there', async () => {
    render(<Harness />)
    fireEvent.click(screen.getByRole('button', { name: /添加奖品/ }))
    await waitFor(() => expect(kinds()).toHaveLength(3))
    const kind = kinds()[2]
    expect(kind).toHaveFocus()
    expect(kind.getAttribute('aria-expanded')).toBe('true')
    // The other rows' lists stay closed.
    expect(kinds()[0].getAttribute('aria-expanded')).toBe('false')
  })
})

function GuessHarness({ title }: { title: string }) {
  const [root, setRoot] = useState<Json>({
    c: {
      kind: 'guess',
      title,
      window: { startAt: '2026-12-01T00:00:00+08:00', endAt: '2026-12-31T00:00:00+08:00' },
      items: [],
      correctReward: { kind: 'points', amount: 10 },
    },
  })
  const edit: Edit = (pointer, fn) => setRoot((old) => patchAt(old, pointer, fn))
  return <GuessEditor pointer="/c" campaign={root.c as Json} readOnly={false} edit={edit} />
}

describe('a guess’s reward', () => {
  it('titled 「猜冠军赢 50 积分」 while paying 10 积分 a pick is warned at 每猜中一项的奖励, and fixed in one click', async () => {
    render(<GuessHarness title="猜冠军赢 50 积分" />)
    const cell = screen.getByTestId('prize-reward-mismatch')
    expect(within(cell).getByRole('status').textContent).toBe(
      '活动名称是「猜冠军赢 50 积分」，但每猜中一项的奖励为「10 积分」：猜中的人得不到名称所写的奖励，请改奖励或名称',
    )
    fireEvent.click(within(cell).getByRole('button', { name: '奖励改为 50 积分' }))
    await waitFor(() => expect(screen.queryByTestId('prize-reward-mismatch')).toBeNull())
    expect((screen.getByLabelText('积分数') as HTMLInputElement).value).toBe('50')
  })

  it('a title that names no reward (世界杯竞猜) says nothing', () => {
    render(<GuessHarness title="世界杯竞猜" />)
    expect(screen.queryByTestId('prize-reward-mismatch')).toBeNull()
  })
})
