import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { DateField } from '../../../src/components/DateField'
import { chineseDate } from '../../../src/domain/dates'

function Host({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <label htmlFor="d">出生日期</label>
      <DateField
        id="d"
        title="出生日期"
        value={value}
        min="1966-01-01"
        max="2026-11-23"
        onChange={setValue}
      />
    </>
  )
}

describe('DateField', () => {
  it('shows the date in Chinese, never the browser mm/dd/yyyy input', () => {
    render(<Host initial="2020-01-05" />)
    const field = screen.getByLabelText('出生日期')
    expect(field.tagName).toBe('BUTTON')
    expect(field).toHaveTextContent('2020年1月5日')
    expect(document.querySelector('input[type="date"]')).toBeNull()
    expect(chineseDate('not a date')).toBe('')
  })

  it('opens the wheel picker with Chinese labels on the chosen date, and confirms an ISO value', async () => {
    render(<Host initial="2020-01-05" />)
    fireEvent.click(screen.getByLabelText('出生日期'))
    const picker = await waitFor(() => {
      const wheel = document.querySelector<HTMLElement>('.adm-picker')
      expect(wheel).not.toBeNull()
      return wheel as HTMLElement
    })
    const active = Array.from(picker.querySelectorAll('.adm-picker-view-column-item-active')).map(
      (e) => e.textContent,
    )
    expect(active).toEqual(['2020年', '1月', '5日'])
    // Bounded by min and max: nothing after 2026 or before 1966 is offered.
    expect(within(picker).queryByText('2027年')).toBeNull()
    expect(within(picker).queryByText('1965年')).toBeNull()
    fireEvent.click(within(picker).getByText('确定'))
    await waitFor(() => expect(screen.getByLabelText('出生日期')).toHaveAttribute('value', '2020-01-05'))
  })
})
