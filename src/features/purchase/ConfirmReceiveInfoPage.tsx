import { useState } from 'react'
import { Button, Input } from 'antd-mobile'
import { createOrder, type OrderAddress } from '../orders/api'
import { useApplication } from './api'
import { useProductDetail } from '../catalog/api'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { relationName } from '../../domain/applicant'
import { CERTIFICATE_TYPES, maskCertificateNumber } from '../../domain/certificate'
import { formatCoverageAmount, formatFen } from '../../domain/money'
import { coveragePeriodLabel, paymentPeriodLabel } from '../../domain/periods'
import { coolingOffSentence } from '../../domain/policy'
import { apiErrorOf, describeError } from '../../lib/request'
import { BottomBar } from '../../components/flow/BottomBar'
import { finishDraft, usePurchaseDraft } from './draft'
import { useFlowParams } from './flow'
import { flowHref, payOrderHref } from './paths'
import { FlowSteps } from './FlowSteps'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { backToOrders } from '../orders/paths'
import { OrderAlreadyMade } from './OrderAlreadyMade'
import { Field } from '../../components/flow/PersonFields'
import { usePurchasePrice } from './purchasePrice'
import { offerRiskAssessment } from './riskGate'
import '../../components/flow/flow.css'
import { LabeledRow } from '../../components/LabeledRow'

const certName = (type: string) => CERTIFICATE_TYPES.find((t) => t.type === type)?.name ?? type
const EMPTY_ADDRESS: OrderAddress = { recipient: '', phone: '', region: '', detail: '' }

/**
 * /confirmReceiveInfo: the last look before the order — plan, people, cooling-off period, and the postal
 * address when the product mails a paper policy or gift. Submitting creates the order (priced by the server).
 */
export default function ConfirmReceiveInfoPage() {
  const { productId, applicationId } = useFlowParams()
  const navigate = useAppNavigate()
  const product = useProductDetail(productId)
  const application = useApplication(applicationId)
  const draft = usePurchaseDraft(productId, application.data)
  const { holder, insured } = draft
  const price = usePurchasePrice()
  const [address, setAddress] = useState<OrderAddress>(EMPTY_ADDRESS)
  const [problems, setProblems] = useState<{ field: string; message: string }[]>([])
  const [submitting, setSubmitting] = useState(false)

  if (!productId || !applicationId)
    return <EmptyView title="缺少投保信息" description="请从产品页面重新进入投保" />
  const loadError = product.error ?? application.error
  if (loadError)
    return (
      <LoginAwareError
        back={backToOrders}
        error={loadError}
        onRetry={() => void Promise.all([product.mutate(), application.mutate()])}
      />
    )
  if (!product.data || !application.data || !draft.ready) return <LoadingView lines={8} />
  const detail = product.data
  const app = application.data
  const plan = detail.plans.find((p) => p.code === app.planCode)
  // Back, or a second tab, after the order was made: that order is the way on, not an error.
  if (app.orderId) return <OrderAlreadyMade orderId={app.orderId} />

  async function submit() {
    setSubmitting(true)
    setProblems([])
    try {
      const order = await createOrder({
        applicationId: app.id,
        holder: { ...holder, certTime: holder.certTime === 1 ? 1 : 0 },
        insured: {
          ...insured,
          certTime: insured.certTime === 1 ? 1 : 0,
          hasSocialInsurance: insured.hasSocialInsurance === 'N' ? 'N' : 'Y',
        },
        ...(detail.needsAddress ? { address } : {}),
        // What this page shows as 应付 (logged by the server; it charges its own price).
        ...(price.premiumFen !== null ? { displayedPremiumFen: price.premiumFen } : {}),
      })
      finishDraft(detail.id)
      navigate(payOrderHref(order), {
        replace: true,
      })
    } catch (error) {
      const api = apiErrorOf(error)
      if (api?.code === 'APPLICATION_USED') {
        await application.mutate()
        return
      }
      // The assessment expired since the application started: reassess, then come back here.
      if (offerRiskAssessment(error, flowHref('confirmReceiveInfo', detail.id, app.id), navigate)) return
      const details = (api?.details ?? []).filter(
        (d): d is { field: string; message: string } =>
          typeof d === 'object' && d !== null && 'field' in d && 'message' in d,
      )
      setProblems(details.length ? details : [{ field: '', message: describeError(error) }])
    } finally {
      setSubmitting(false)
    }
  }

  const person = (p: typeof holder) => `${p.name} ${certName(p.certType)} ${maskCertificateNumber(p.certNo)}`
  const addressError = (field: string) => problems.find((p) => p.field === `address.${field}`)?.message

  return (
    <div className="purchase-page">
      <FlowSteps current={3} />
      <section className="purchase-card">
        <h2>{detail.name}</h2>
        <LabeledRow label="保障计划">{plan?.name ?? app.planCode}</LabeledRow>
        <LabeledRow label="保障期间">{coveragePeriodLabel(app.coveragePeriod)}</LabeledRow>
        <LabeledRow label="交费方式">{paymentPeriodLabel(app.paymentPeriod)}</LabeledRow>
        <LabeledRow label="生效日期">支付成功后次日零时生效</LabeledRow>
        {plan?.coverages.map((c) => (
          <LabeledRow key={c.name} label={c.name}>
            {formatCoverageAmount(c.amountFen)}
          </LabeledRow>
        ))}
      </section>
      <section className="purchase-card">
        <h2>投保信息</h2>
        <LabeledRow label="投保人">{person(holder)}</LabeledRow>
        <LabeledRow label="被保险人">
          {person(insured)}（{relationName(insured.relationType)}）
        </LabeledRow>
        <LabeledRow label="手机号">{insured.phone}</LabeledRow>
        <Button
          size="small"
          fill="none"
          color="primary"
          onClick={() => navigate(flowHref('infoFill', detail.id, app.id))}
        >
          修改投保信息
        </Button>
      </section>
      {detail.needsAddress && (
        <section className="purchase-card">
          <h2>收件信息（纸质保单/礼品寄送）</h2>
          <Field label="收件人" error={addressError('recipient')} htmlFor="address-recipient">
            <Input
              id="address-recipient"
              value={address.recipient}
              onChange={(recipient) => setAddress({ ...address, recipient })}
            />
          </Field>
          <Field label="手机号" error={addressError('phone')} htmlFor="address-phone">
            <Input
              id="address-phone"
              type="tel"
              maxLength={11}
              value={address.phone}
              onChange={(phone) => setAddress({ ...address, phone })}
            />
          </Field>
          <Field label="所在地区" error={addressError('region')} htmlFor="address-region">
            <Input
              id="address-region"
              placeholder="省 市 区"
              value={address.region}
              onChange={(region) => setAddress({ ...address, region })}
            />
          </Field>
          <Field label="详细地址" error={addressError('detail')} htmlFor="address-detail">
            <Input
              id="address-detail"
              placeholder="街道、门牌号"
              value={address.detail}
              onChange={(detail) => setAddress({ ...address, detail })}
            />
          </Field>
        </section>
      )}
      <div className="purchase-notice">
        {coolingOffSentence(detail.coolingOffDays)}。
        {detail.waitingPeriodDays > 0 && ` 本产品等待期为${detail.waitingPeriodDays}天。`}
      </div>
      {problems
        .filter((p) => !p.field.startsWith('address.'))
        .map((p) => (
          <div key={`${p.field}${p.message}`} className="purchase-field-error" role="alert">
            {p.message}
          </div>
        ))}
      <BottomBar>
        <span>
          应付{' '}
          <span className="purchase-price" data-testid="amount-due">
            {price.premiumFen !== null ? `¥${formatFen(price.premiumFen)}` : '待计算'}
          </span>
        </span>
        <Button color="primary" loading={submitting} disabled={submitting} onClick={() => void submit()}>
          确认投保
        </Button>
      </BottomBar>
    </div>
  )
}
