import { useState } from 'react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PickerField } from '../../../src/components/PickerField'

const TYPES = [
  { value: 'ID_CARD', label: '居民身份证' },
  { value: 'PASSPORT', label: '护照' },
  { value: 'BIRTH', label: '出生证明' },
] as const

function CertType() {
  const [value, setValue] = useState<(typeof TYPES)[number]['value'] | ''>('')
  return (
    <>
      <label htmlFor="cert">证件类型</label>
      <PickerField id="cert" title="证件类型" value={value} options={TYPES} onChange={setValue} />
      <output data-testid="chosen">{value}</output>
    </>
  )
}

describe('PickerField by keyboard', () => {
  it('is reached by Tab and changes its choice with the arrow keys, Home and End, like a closed select', async () => {
    const user = userEvent.setup()
    render(<CertType />)
    await user.tab()
    const field = screen.getByRole('button', { name: '证件类型' })
    expect(field).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(field).toHaveTextContent('居民身份证')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    expect(field).toHaveTextContent('出生证明')
    await user.keyboard('{ArrowUp}')
    expect(screen.getByTestId('chosen')).toHaveTextContent('PASSPORT')
    await user.keyboard('{Home}')
    expect(field).toHaveTextContent('居民身份证')
    await user.keyboard('{End}')
    expect(field).toHaveTextContent('出生证明')
  })

  it('opened, puts the focus on 确定, confirms with Enter, and Escape closes it back to the field', async () => {
    const user = userEvent.setup()
    render(<CertType />)
    const field = screen.getByRole('button', { name: '证件类型' })
    field.focus()
    await user.keyboard('{End}{Enter}')
    const confirm = await screen.findByRole('button', { name: '确定' })
    await waitFor(() => expect(confirm).toHaveFocus())
    expect(screen.getByRole('button', { name: '取消' })).toHaveAttribute('tabindex', '0')
    await user.keyboard('{Enter}')
    expect(screen.getByTestId('chosen')).toHaveTextContent('BIRTH')
    await waitFor(() => expect(field).toHaveFocus())

    await user.keyboard('{Enter}')
    await waitFor(() => expect(screen.getAllByRole('button', { name: '确定' }).at(-1)).toHaveFocus())
    await user.keyboard('{Escape}')
    await waitFor(() => expect(field).toHaveFocus())
    expect(screen.getByTestId('chosen')).toHaveTextContent('BIRTH')
  })
})
