import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Checkbox, Radio } from '../../../src/components/check/Check'

// The light Checkbox and Radio: native inputs a tap, a tap on the label's text or the keyboard changes.

function Gender() {
  const [value, setValue] = useState<string | number | null>(null)
  return (
    <>
      <Radio.Group value={value} onChange={setValue}>
        <Radio value="M">男</Radio>
        <Radio value="F" disabled>
          女
        </Radio>
      </Radio.Group>
      <p data-testid="picked">{String(value)}</p>
    </>
  )
}

function Hobbies() {
  const [value, setValue] = useState<(string | number)[]>([])
  return (
    <>
      <Checkbox.Group value={value} onChange={setValue}>
        <Checkbox value={1}>游泳</Checkbox>
        <Checkbox value={2}>跑步</Checkbox>
      </Checkbox.Group>
      <p data-testid="picked">{value.join(',')}</p>
    </>
  )
}

describe('Check', () => {
  it('a radio group picks one by a tap on its text; a disabled one cannot be picked', async () => {
    render(<Gender />)
    const user = userEvent.setup()
    await user.click(screen.getByText('男'))
    expect(screen.getByTestId('picked')).toHaveTextContent('M')
    expect(screen.getByRole('radio', { name: '男' })).toBeChecked()
    await user.click(screen.getByText('女'))
    expect(screen.getByTestId('picked')).toHaveTextContent('M')
    expect(screen.getByRole('radio', { name: '女' })).toBeDisabled()
  })

  it('a checkbox group adds and removes values', async () => {
    render(<Hobbies />)
    const user = userEvent.setup()
    await user.click(screen.getByRole('checkbox', { name: '跑步' }))
    await user.click(screen.getByText('游泳'))
    expect(screen.getByTestId('picked')).toHaveTextContent('2,1')
    await user.click(screen.getByRole('checkbox', { name: '跑步' }))
    expect(screen.getByTestId('picked')).toHaveTextContent('1')
  })

  it('a lone checkbox toggles with the keyboard and marks its label checked', async () => {
    function Consent() {
      const [on, setOn] = useState(false)
      return (
        <Checkbox checked={on} onChange={setOn} aria-label="同意协议">
          我已阅读
        </Checkbox>
      )
    }
    render(<Consent />)
    const user = userEvent.setup()
    await user.tab()
    await user.keyboard(' ')
    const box = screen.getByRole('checkbox', { name: '同意协议' })
    expect(box).toBeChecked()
    expect(box.closest('label')).toHaveClass('adm-checkbox-checked')
  })
})
