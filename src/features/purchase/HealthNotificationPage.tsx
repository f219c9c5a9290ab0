import { useState } from 'react'
import { Button, Result } from 'antd-mobile'
import { submitHealth, useApplication } from './api'
import { useProductDetail } from '../catalog/api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { toast } from '../../components/notice'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { relationName } from '../../domain/applicant'
import { formatFen } from '../../domain/money'
import { describeError } from '../../lib/request'
import { BottomBar } from '../../components/flow/BottomBar'
import { HealthQuestionList, type HealthAnswer } from '../../components/flow/HealthQuestionList'
import { usePurchaseDraft } from './draft'
import { useFlowParams } from './flow'
import { flowHref } from './paths'
import { FlowSteps } from './FlowSteps'
import { usePlaceOrder } from './placeOrder'
import { usePurchasePrice } from './purchasePrice'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { backToOrders } from '../orders/paths'
import { OrderAlreadyMade } from './OrderAlreadyMade'
import '../../components/flow/flow.css'

/**
 * /healthNotification for the insured chosen on /infoFill: every question answered (nothing preselected; one
 * 以上皆否 answers them all 否), then 确认投保 records it and places the order. Any 是 stops this insured: the
 * screen says so and offers to answer again or to insure someone else. A product without questions has nothing
 * to ask here: the form screen is the way on.
 */
export default function HealthNotificationPage() {
  const { productId, applicationId } = useFlowParams()
  const navigate = useAppNavigate()
  const product = useProductDetail(productId)
  const application = useApplication(applicationId)
  const draft = usePurchaseDraft(productId, application.data)
  const { insured } = draft
  const price = usePurchasePrice()
  const order = usePlaceOrder(applicationId)
  const [answers, setAnswers] = useState<Record<string, HealthAnswer>>({})
  const [declined, setDeclined] = useState(false)
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
  const detail = product.data
  const app = application.data
  const questions = detail.healthQuestions
  const infoFill = flowHref('infoFill', detail.id, app.id)
  if (questions.length === 0)
    return (
      <div className="purchase-page">
        <FlowSteps current="填写信息" />
        <EmptyView title="本产品无需健康告知" description="请填写投保信息后确认投保">
          <Button color="primary" onClick={() => navigate(infoFill, { replace: true })}>
            去填写投保信息
          </Button>
        </EmptyView>
      </div>
    )
  const complete = questions.every((q) => answers[q.id])

  async function submit() {
    setSubmitting(true)
    try {
      const result = await submitHealth(app.id, {
        insuredRelation: insured.relationType,
        answers: questions.map((q) => ({ questionId: q.id, answer: answers[q.id] })),
      })
      await application.mutate(result.application, { revalidate: false })
      if (!result.passed) {
        setDeclined(true)
        window.scrollTo?.(0, 0)
        return
      }
      await order.place(detail, result.application, {
        displayedPremiumFen: price.premiumFen,
        backTo: flowHref('healthNotification', detail.id, app.id),
      })
    } catch (e) {
      toast('error', describeError(e))
    } finally {
      setSubmitting(false)
    }
  }

  if (declined)
    return (
      <div className="purchase-page">
        <FlowSteps current="健康告知" />
        <Result
          status="error"
          title="被保险人暂不符合投保条件"
          description={`根据健康告知，被保险人（${relationName(insured.relationType)}）不能投保本产品。如有误选，可重新作答；也可以为其他家人投保。`}
        />
        <BottomBar>
          <Button
            block
            onClick={() => {
              setAnswers({})
              setDeclined(false)
            }}
          >
            重新作答
          </Button>
          <Button block color="primary" onClick={() => navigate(infoFill)}>
            为他人投保
          </Button>
        </BottomBar>
      </div>
    )

  return (
    <div className="purchase-page">
      <FlowSteps current="健康告知" />
      <div className="purchase-notice">
        请如实告知被保险人（{relationName(insured.relationType)}
        ）的健康状况。未如实告知可能导致保险公司解除合同、不承担赔付责任。
      </div>
      <HealthQuestionList
        questions={questions}
        answers={answers}
        onAnswer={(id, answer) => setAnswers({ ...answers, [id]: answer })}
      />
      <Button
        block
        className="health-all-no"
        onClick={() => setAnswers(Object.fromEntries(questions.map((q) => [q.id, 'no' as const])))}
      >
        以上皆否
      </Button>
      {order.problems.map((p) => (
        <div key={`${p.field}${p.message}`} className="purchase-field-error" role="alert">
          {p.message}
          {p.field && (
            <Button size="mini" fill="none" color="primary" onClick={() => navigate(infoFill)}>
              去修改
            </Button>
          )}
        </div>
      ))}
      <BottomBar>
        <span>
          应付{' '}
          <span className="purchase-price" data-testid="amount-due">
            {price.premiumFen !== null ? `¥${formatFen(price.premiumFen)}` : '待计算'}
          </span>
        </span>
        <Button
          color="primary"
          loading={submitting || order.placing}
          disabled={!complete || submitting || order.placing}
          onClick={() => void submit()}
        >
          {complete ? '确认投保' : '请回答全部问题'}
        </Button>
      </BottomBar>
    </div>
  )
}
