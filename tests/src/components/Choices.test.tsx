import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Choices } from '../../../src/components/Choices'

function Gender() {
  const [value, setValue] = useState<'M' | 'F' | 'X'>('M')
  return (
    <>
      <button type="button">之前</button>
      <Choices
        options={[
          { label: '男', value: 'M' },
          { label: '女', value: 'F' },
          { label: '未说明', value: 'X' },
        ]}
        value={[value]}
        onChange={(v) => v[0] && setValue(v[0])}
      />
      <button type="button">之后</button>
      <output data-testid="chosen">{value}</output>
    </>
  )
}

function Relation() {
  const [value, setValue] = useState<string[]>(['spouse'])
  return (
    <>
      <Choices
        aria-label="与投保人关系"
        columns={2}
        options={[
          { label: '配偶', value: 'spouse' },
          { label: '子女', value: 'child' },
          { label: '父母', value: 'parent', disabled: true },
        ]}
        value={value}
        onChange={setValue}
      />
      <output data-testid="chosen">{value.join(',') || '未选'}</output>
    </>
  )
}

describe('Choices (a Selector-like chip group with a keyboard)', () => {
  it('chooses one at a time, clears on a second tap of the chosen one, and skips a disabled one', async () => {
    const user = userEvent.setup()
    render(<Relation />)
    const group = screen.getByRole('listbox', { name: '与投保人关系' })
    expect(group).toBeInTheDocument()
    await user.click(screen.getByRole('option', { name: '子女' }))
    expect(screen.getByTestId('chosen')).toHaveTextContent('child')
    expect(screen.getByRole('option', { name: '子女' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('option', { name: '配偶' })).toHaveAttribute('aria-selected', 'false')
    await user.click(screen.getByRole('option', { name: '父母' }))
    expect(screen.getByTestId('chosen')).toHaveTextContent('child')
    await user.click(screen.getByRole('option', { name: '子女' }))
    expect(screen.getByTestId('chosen')).toHaveTextContent('未选')
  })

  it('is one tab stop on the chosen option; arrows move, Enter and Space choose', async () => {
    const user = userEvent.setup()
    render(<Gender />)
    await user.tab()
    await user.tab()
    expect(screen.getByRole('option', { name: '男' })).toHaveFocus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('option', { name: '女' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByTestId('chosen')).toHaveTextContent('F')
    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(screen.getByRole('option', { name: '男' })).toHaveFocus()
    await user.keyboard('{ArrowLeft} ')
    expect(screen.getByTestId('chosen')).toHaveTextContent('X')
    // The group is left with one Tab, and entered again on the chosen option.
    await user.tab()
    expect(screen.getByRole('button', { name: '之后' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('option', { name: '未说明' })).toHaveFocus()
  })
})
