import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Steps } from '../../../src/components/Steps'

// antd-mobile's markup and classes (its stylesheet draws them): the steps before the current one are done, the
// current one is under way, the rest wait; a description shows only when given.
describe('Steps', () => {
  it('marks each step by where it stands against the current one', () => {
    const { container } = render(
      <Steps
        current={1}
        className="purchase-steps"
        items={[
          { title: '填写信息' },
          { title: '验证手机号', description: '短信验证码' },
          { title: '次日生效' },
        ]}
      />,
    )
    const root = container.firstElementChild as HTMLElement
    expect(root).toHaveClass('adm-steps', 'adm-steps-horizontal', 'purchase-steps')
    const steps = Array.from(root.querySelectorAll('.adm-step'))
    expect(steps.map((s) => s.className)).toEqual([
      'adm-step adm-step-status-finish',
      'adm-step adm-step-status-process',
      'adm-step adm-step-status-wait',
    ])
    expect(steps.map((s) => s.querySelector('.adm-step-title')?.textContent)).toEqual([
      '填写信息',
      '验证手机号',
      '次日生效',
    ])
    expect(root.querySelectorAll('.adm-step-description')).toHaveLength(1)
    expect(steps[1].querySelector('.adm-step-description')).toHaveTextContent('短信验证码')
  })

  it('stacks vertically when asked', () => {
    const { container } = render(<Steps direction="vertical" current={0} items={[{ title: '已报案' }]} />)
    expect(container.firstElementChild).toHaveClass('adm-steps-vertical')
  })
})
