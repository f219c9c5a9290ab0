import { Button } from 'antd-mobile'
import { useSnapshot } from 'valtio'
import { BottomBar } from '../../components/flow/BottomBar'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { relationName } from '../../domain/applicant'
import { purchaseText } from '../../domain/purchaseTexts'
import { flowStepLoader, FlowFrame, type StepContext } from './FlowFrame'
import { flowStepHref } from './paths'
import { HealthQuestions, healthState } from './HealthQuestions'

export const loader = flowStepLoader

/** 健康告知: every question answered, nothing preselected; any 是 stops the application here. */
export default function HealthNotificationPage() {
  return (
    <FlowFrame step={2} title="健康告知">
      {(context) => <HealthNotification {...context} />}
    </FlowFrame>
  )
}

function HealthNotification({ flow, product, binding }: StepContext) {
  const navigate = useAppNavigate()
  const { insured } = useSnapshot(binding.state)
  const { healthAnswers } = useSnapshot(binding.extras)
  const { complete, declined } = healthState(product.questions, healthAnswers)
  return (
    <>
      <div className="purchase-notice">
        {purchaseText('healthNotice', { insured: relationName(insured.relationType) })}
      </div>
      <HealthQuestions questions={product.questions} binding={binding} />
      {declined && (
        <div className="partner-refused" role="alert">
          根据健康告知，被保险人暂不符合本产品的投保条件
        </div>
      )}
      <BottomBar>
        <Button
          block
          color="primary"
          disabled={!complete || declined}
          onClick={() => navigate(flowStepHref(flow, 'infoFill', product.id))}
        >
          {declined ? '暂不可投保' : complete ? '下一步' : '请回答全部问题'}
        </Button>
      </BottomBar>
    </>
  )
}
