import { useState } from 'react'
import { Button } from 'antd-mobile'
import { submitHealth, useApplication } from './api'
import { useProductDetail } from '../catalog/api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { toast } from '../../components/notice'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { relationName } from '../../domain/applicant'
import { describeError } from '../../lib/request'
import { BottomBar } from '../../components/flow/BottomBar'
import { HealthQuestionList, type HealthAnswer } from '../../components/flow/HealthQuestionList'
import { usePurchaseDraft } from './draft'
import { useFlowParams } from './flow'
import { flowHref } from './paths'
import { FlowSteps } from './FlowSteps'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { backToOrders } from '../orders/paths'
import { OrderAlreadyMade } from './OrderAlreadyMade'
import '../../components/flow/flow.css'

/** The health notification for the chosen insured: every question answered, nothing preselected. */
export default function HealthNotificationPage() {
  const { productId, applicationId } = useFlowParams()
  const navigate = useAppNavigate()
  const product = useProductDetail(productId)
  const application = useApplication(applicationId)
  const draft = usePurchaseDraft(productId, application.data)
  const { insured } = draft
  const [answers, setAnswers] = useState<Record<string, HealthAnswer>>({})
  const [submitting, setSubmitting] = useState(false)

  if (!productId || !applicationId)
    return <EmptyView title="缺少投保信息" description="请从产品页面重新进入投保" />
  const error = product.error ?? application.error
  if (error)
    return (
      <LoginAwareError
        back={backToOrders}
        error={error}
        onRetry={() => void Promise.all([product.mutate(), application.mutate()])}
      />
    )
  if (!product.data || !application.data || !draft.ready) return <LoadingView lines={5} />
  if (application.data.orderId) return <OrderAlreadyMade orderId={application.data.orderId} />
  const questions = product.data.healthQuestions
  const complete = questions.every((q) => answers[q.id])

  async function submit() {
    if (!productId || !applicationId) return
    setSubmitting(true)
    try {
      const result = await submitHealth(applicationId, {
        insuredRelation: insured.relationType,
        answers: questions.map((q) => ({ questionId: q.id, answer: answers[q.id] })),
      })
      await application.mutate(result.application, { revalidate: false })
      navigate(flowHref('insuredCheck', productId, applicationId))
    } catch (e) {
      toast('error', describeError(e))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="purchase-page">
      <FlowSteps current={1} />
      <div className="purchase-notice">
        请如实告知被保险人（{relationName(insured.relationType)}
        ）的健康状况。未如实告知可能导致保险公司解除合同、不承担赔付责任。
      </div>
      {questions.length === 0 ? (
        <div className="purchase-card">本产品无需健康告知，请确认后继续。</div>
      ) : (
        <HealthQuestionList
          questions={questions}
          answers={answers}
          onAnswer={(id, answer) => setAnswers({ ...answers, [id]: answer })}
        />
      )}
      <BottomBar>
        <Button
          block
          color="primary"
          loading={submitting}
          disabled={!complete || submitting}
          onClick={() => void submit()}
        >
          {questions.length === 0 ? '确认，继续投保' : complete ? '提交健康告知' : '请回答全部问题'}
        </Button>
      </BottomBar>
    </div>
  )
}
