import { useState } from 'react'
import { Button } from 'antd-mobile'
import { submitHealth, useApplication } from './api'
import type { HealthResult } from '../../types/generated/api/order'
import { useProductDetail } from '../catalog/api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { toast } from '../../components/notice'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { relationName } from '../../domain/applicant'
import { formatFen } from '../../domain/money'
import { defaultEffectiveDate } from '../../domain/age'
import { insurableAgeProblem } from '../../domain/pricing'
import { walkFollowUp, type FollowUpAnswer } from '../../domain/underwriting'
import { describeError } from '../../lib/request'
import { BottomBar } from '../../components/flow/BottomBar'
import { HealthQuestionList, type HealthAnswer } from '../../components/flow/HealthQuestionList'
import { usePurchaseDraft } from './draft'
import { loadFlow, useFlowParams } from './flow'
import { flowHref } from './paths'
import { FlowSteps } from './FlowSteps'
import { usePlaceOrder } from './placeOrder'
import { usePurchasePrice } from './purchasePrice'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { backToOrders } from '../orders/paths'
import { OrderAlreadyMade } from './OrderAlreadyMade'
import { HealthVerdict } from './HealthVerdict'
import '../../components/flow/flow.css'
import type { ScreenLoader } from '../../types/route'
import { purchaseText } from '../../domain/purchaseTexts'
import { useTrailScreen } from '../trail/api'

export const loader: ScreenLoader = async ({ search }, load) => loadFlow(search, load)

/**
 * /healthNotification for the insured chosen on /infoFill: every question answered (nothing preselected; one
 * 以上皆否 answers them all 否), then 确认投保 records it and places the order. A 是 to a question with follow-ups
 * asks them (智能核保); the server decides: 标准体承保 places the order, 除外承保 says what is not covered and
 * goes on once accepted, 拒保 stops this insured and offers the products that fit, to answer again or to insure
 * someone else. A product without questions has nothing to ask here: the form screen is the way on.
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
  const [followUps, setFollowUps] = useState<Record<string, FollowUpAnswer[]>>({})
  /** The server's underwriting of the last answers, when it did not simply place the order. */
  const [verdict, setVerdict] = useState<HealthResult | null>(null)
  const [submitting, setSubmitting] = useState(false)
  useTrailScreen({
    productId: product.data?.id ?? null,
    productVersion: product.data?.pageVersion,
    title: '健康告知',
  })

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
  const complete = questions.every(
    (q) =>
      answers[q.id] === 'no' ||
      (answers[q.id] === 'yes' &&
        (!q.followUp || walkFollowUp(q.followUp, followUps[q.id] ?? []).outcome !== null)),
  )
  const placeOrder = (recorded: HealthResult['application']) =>
    order.place(detail, recorded, {
      displayedPremiumFen: price.premiumFen,
      backTo: flowHref('healthNotification', detail.id, app.id),
    })
  const problems = order.problems.map((p) => (
    <div key={`${p.field}${p.message}`} className="purchase-field-error" role="alert">
      {p.message}
      {p.field && (
        <Button size="mini" fill="none" color="primary" onClick={() => navigate(infoFill)}>
          去修改
        </Button>
      )}
    </div>
  ))
  const answerAgain = () => {
    setAnswers({})
    setFollowUps({})
    setVerdict(null)
  }

  async function submit() {
    setSubmitting(true)
    try {
      const result = await submitHealth(app.id, {
        insuredRelation: insured.relationType,
        answers: questions.map((q) => {
          const followUp = answers[q.id] === 'yes' && q.followUp ? followUps[q.id] : undefined
          return { questionId: q.id, answer: answers[q.id], ...(followUp ? { followUp } : {}) }
        }),
      })
      await application.mutate(result.application, { revalidate: false })
      if (result.outcome !== 'standard') {
        // The products that fit are those the insured's age fits too.
        const effectiveDate = draft.factors.effectiveDate || defaultEffectiveDate(Date.now())
        const fits = result.alternatives.filter(
          (p) => insurableAgeProblem(p, insured.birthday, effectiveDate) === null,
        )
        setVerdict({ ...result, alternatives: fits })
        window.scrollTo?.(0, 0)
        return
      }
      await placeOrder(result.application)
    } catch (e) {
      toast('error', describeError(e))
    } finally {
      setSubmitting(false)
    }
  }

  if (verdict)
    return (
      <div className="purchase-page">
        <FlowSteps current="健康告知" />
        <HealthVerdict verdict={verdict} insured={relationName(insured.relationType)} />
        {problems}
        <BottomBar>
          <Button block onClick={answerAgain}>
            重新作答
          </Button>
          {verdict.outcome === 'exclusion' ? (
            <Button
              block
              color="primary"
              loading={order.placing}
              disabled={order.placing}
              onClick={() => void placeOrder(verdict.application)}
            >
              接受并继续投保
            </Button>
          ) : (
            <Button block color="primary" onClick={() => navigate(infoFill)}>
              为他人投保
            </Button>
          )}
        </BottomBar>
      </div>
    )

  return (
    <div className="purchase-page">
      <FlowSteps current="健康告知" />
      <div className="purchase-notice">
        {purchaseText('healthNotice', { insured: relationName(insured.relationType) })}
      </div>
      <HealthQuestionList
        questions={questions}
        answers={answers}
        onAnswer={(id, answer) => setAnswers({ ...answers, [id]: answer })}
        followUps={followUps}
        onFollowUp={(id, given) => setFollowUps({ ...followUps, [id]: given })}
      />
      <Button
        block
        className="health-all-no"
        onClick={() => {
          setAnswers(Object.fromEntries(questions.map((q) => [q.id, 'no' as const])))
          setFollowUps({})
        }}
      >
        以上皆否
      </Button>
      {problems}
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
