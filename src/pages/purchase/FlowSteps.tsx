import { Steps } from 'antd-mobile'
import { FLOW_STAGES } from './flow'

/** Where the buyer is in the purchase flow. */
export function FlowSteps({ current }: { current: number }) {
  return (
    <Steps current={current} className="purchase-steps">
      {FLOW_STAGES.map((title) => (
        <Steps.Step key={title} title={title} />
      ))}
    </Steps>
  )
}
