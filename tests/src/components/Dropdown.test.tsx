import { useRef } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Dropdown, type DropdownRef } from '../../../src/components/dropdown/Dropdown'

// The catalog's filter row: each item opens its panel under the row, one at a time, and the choice, the item
// again, the shade or Escape closes it.

function Filters({ insurerSet = false }: { insurerSet?: boolean }) {
  const dropdown = useRef<DropdownRef>(null)
  return (
    <Dropdown ref={dropdown}>
      <Dropdown.Item key="insurer" title="保险公司" highlight={insurerSet}>
        <button type="button" onClick={() => dropdown.current?.close()}>
          云禾健康
        </button>
      </Dropdown.Item>
      <Dropdown.Item key="sort" title="综合排序">
        <p>价格从低到高</p>
      </Dropdown.Item>
    </Dropdown>
  )
}

const item = (name: string) => screen.getByRole('button', { name })

describe('Dropdown', () => {
  it('opens the tapped item’s panel, one at a time, and a choice made there closes it', async () => {
    render(<Filters />)
    expect(screen.queryByRole('region')).toBeNull()
    await userEvent.click(item('保险公司'))
    expect(item('保险公司')).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('region')).toHaveTextContent('云禾健康')
    await userEvent.click(item('综合排序'))
    expect(screen.getByRole('region')).toHaveTextContent('价格从低到高')
    expect(screen.queryByText('云禾健康')).toBeNull()
    expect(item('保险公司')).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(item('保险公司'))
    await userEvent.click(screen.getByRole('button', { name: '云禾健康' }))
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('closes on the item again, a tap on the shade and Escape', async () => {
    const { container } = render(<Filters />)
    await userEvent.click(item('综合排序'))
    await userEvent.click(item('综合排序'))
    expect(screen.queryByRole('region')).toBeNull()
    await userEvent.click(item('综合排序'))
    await userEvent.click(container.querySelector('.adm-dropdown-popup-mask')!)
    expect(screen.queryByRole('region')).toBeNull()
    await userEvent.click(item('综合排序'))
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('marks an item whose filter is set', () => {
    render(<Filters insurerSet />)
    expect(item('保险公司')).toHaveClass('adm-dropdown-item-highlight')
    expect(item('综合排序')).not.toHaveClass('adm-dropdown-item-highlight')
  })
})
