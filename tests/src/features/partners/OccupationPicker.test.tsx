import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { OccupationPicker } from '../../../../src/features/partners/OccupationPicker'
import { groupOccupations } from '../../../../src/features/partners/OccupationList'
import { OCCUPATIONS, type Occupation } from '../../../../src/domain/occupation'
import { tappable } from '../../harness'

function Harness({ refused }: { refused: number[] }) {
  const [chosen, setChosen] = useState<Occupation | null>(null)
  return (
    <>
      <OccupationPicker id="occ" value={chosen?.code ?? ''} refusedClasses={refused} onChange={setChosen} />
      <p data-testid="chosen">{chosen?.code ?? '无'}</p>
    </>
  )
}

/** Opens the picker and returns it once shown (it animates in with pointer-events off). */
const open = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: '请选择职业' }))
  const dialog = await screen.findByRole('dialog', { name: '选择职业' })
  // The list loads with the first opening.
  await tappable(await within(dialog).findByPlaceholderText('搜索职业名称或类别'))
  return dialog
}

describe('OccupationPicker', () => {
  it('lists every occupation grouped by category with its class', async () => {
    const user = userEvent.setup()
    render(<Harness refused={[]} />)
    const dialog = await open(user)
    expect(within(dialog).getByText('机关企事业单位')).toBeInTheDocument()
    expect(within(dialog).getByText('矿业能源')).toBeInTheDocument()
    const groups = groupOccupations('')
    expect(groups.reduce((n, g) => n + g.items.length, 0)).toBe(OCCUPATIONS.length)
    const row = within(dialog).getByText('办公室人员').closest('.adm-list-item') as HTMLElement
    expect(row).toHaveTextContent('1类')
  })

  it('searches by name or category, and says so when nothing matches', async () => {
    const user = userEvent.setup()
    render(<Harness refused={[]} />)
    const dialog = await open(user)
    await user.type(within(dialog).getByPlaceholderText('搜索职业名称或类别'), '矿')
    expect(within(dialog).getByText('矿工')).toBeInTheDocument()
    expect(within(dialog).queryByText('教师')).not.toBeInTheDocument()
    await user.clear(within(dialog).getByPlaceholderText('搜索职业名称或类别'))
    await user.type(within(dialog).getByPlaceholderText('搜索职业名称或类别'), '宇航员')
    expect(within(dialog).getByText('未找到相关职业，请换个关键词')).toBeInTheDocument()
  })

  it('shows refused classes disabled with 该职业暂不可投保 and does not take them', async () => {
    const user = userEvent.setup()
    render(<Harness refused={[5, 6]} />)
    const dialog = await open(user)
    await user.type(within(dialog).getByPlaceholderText('搜索职业名称或类别'), '矿')
    const miner = within(dialog).getByText('矿工').closest('.adm-list-item') as HTMLElement
    expect(miner).toHaveTextContent('该职业暂不可投保')
    expect(miner).toHaveClass('adm-list-item-disabled')
    await user.click(within(dialog).getByText('矿工'))
    expect(screen.getByTestId('chosen')).toHaveTextContent('无')

    const manager = within(dialog).getByText('矿山管理人员').closest('.adm-list-item') as HTMLElement
    expect(manager).not.toHaveTextContent('该职业暂不可投保')
    await user.click(within(dialog).getByText('矿山管理人员'))
    expect(screen.getByTestId('chosen')).toHaveTextContent('1000001')
    expect(screen.getByRole('button', { name: '矿山管理人员（2类）' })).toBeInTheDocument()
  })
})
