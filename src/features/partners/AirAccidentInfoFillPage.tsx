import { useState } from 'react'
import { Button, Checkbox } from 'antd-mobile'
import { snapshot, useSnapshot } from 'valtio'
import { useLocation } from 'react-router-dom'
import { BottomBar } from '../../components/flow/BottomBar'
import type { FieldErrors } from '../../components/flow/PersonFields'
import { LabeledRow } from '../../components/LabeledRow'
import { EmptyView, LoadingView } from '../../components/StatusViews'
import { LoginAwareError } from '../../components/flow/LoginAwareError'
import { toast } from '../../components/notice'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { shanghaiDate } from '../../domain/age'
import { formatFen } from '../../domain/money'
import { apiErrorOf, describeError, HttpError } from '../../lib/request'
import { homeHref } from '../home/paths'
import { payHref } from '../purchase/paths'
import { createPartnerQuote, submitPartnerApplication, usePartnerProduct } from './api'
import {
  ApplicantFields,
  focusFirstError,
  quoteRequest,
  serverFieldErrors,
  useFormCertTypes,
  validateApplicant,
} from './ApplicantForm'
import { validateFlight } from './airFlight'
import { usePartnerFlowState, type PartnerSections } from './flowState'
import { HealthQuestions, healthState } from './HealthQuestions'
import { AIR_PRODUCT_ID, airAccidentHref } from './paths'
import { NoticeAndClauses, REFUSAL_CODES, type Refusal } from './SubmitApplication'
import '../../components/flow/flow.css'
import './partners.css'

/**
 * /activity/airAccident/infoFill: who flies (policyholder and insured), the health questions and 投保须知 on
 * one page; 提交投保 prices the flight with the partner and submits it for underwriting, then payment.
 */
export default function AirAccidentInfoFillPage() {
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  const binding = usePartnerFlowState('airAccident')
  useFormCertTypes(binding)
  const sections = useSnapshot(binding.state) as PartnerSections
  const { flight, healthAnswers } = useSnapshot(binding.extras)
  const product = usePartnerProduct(AIR_PRODUCT_ID)
  const [today] = useState(() => shanghaiDate(Date.now()))
  const [tried, setTried] = useState(false)
  const [agreed, setAgreed] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [refusal, setRefusal] = useState<Refusal | null>(null)

  if (product.error)
    return (
      <LoginAwareError
        back={{ to: homeHref(), label: '返回首页' }}
        error={product.error}
        onRetry={() => void product.mutate()}
      />
    )
  if (!product.data) return <LoadingView lines={8} />
  const p = product.data
  if (Object.keys(validateFlight(flight, today)).length)
    return (
      <EmptyView title="请先填写航班信息" description="航班号与乘机日期决定保障的航班">
        <Button color="primary" onClick={() => navigate(airAccidentHref(), { replace: true })}>
          去填写
        </Button>
      </EmptyView>
    )
  const health = healthState(p.questions, healthAnswers)
  const errors = tried ? { ...serverErrors, ...validateApplicant(sections, p, today) } : {}

  async function submit() {
    setTried(true)
    setServerErrors({})
    const found = validateApplicant(snapshot(binding.state) as PartnerSections, p, today)
    if (Object.keys(found).length) {
      focusFirstError(found)
      toast('warning', `还有${Object.keys(found).length}项信息需要完善`)
      return
    }
    setSubmitting(true)
    try {
      const quote = await createPartnerQuote(
        quoteRequest(snapshot(binding.state) as PartnerSections, p, { ...binding.extras.flight }),
      )
      binding.extras.quote = quote
      const created = await submitPartnerApplication({
        quoteId: quote.quoteId,
        healthAnswers: { ...binding.extras.healthAnswers },
      })
      binding.extras.orderId = created.orderId
      navigate(payHref(created.orderId))
    } catch (error) {
      const code = apiErrorOf(error)?.code
      if (error instanceof HttpError && error.status === 401) {
        toast('info', '请先登录后继续投保')
        navigate(loginPathFor(`${pathname}${search}`))
      } else if (code && REFUSAL_CODES[code]) {
        setRefusal({ title: REFUSAL_CODES[code], message: describeError(error) })
        window.scrollTo?.({ top: 0 })
      } else {
        const fields = serverFieldErrors(error)
        setServerErrors(fields)
        focusFirstError(fields)
        toast('error', describeError(error))
      }
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="purchase-page">
      {refusal && (
        <div className="partner-refused" role="alert" data-testid="partner-refusal">
          <strong>{refusal.title}</strong>
          <div>{refusal.message}</div>
        </div>
      )}
      <section className="purchase-card">
        <h2>航班信息</h2>
        <LabeledRow label="航班号">{flight.flightNo}</LabeledRow>
        <LabeledRow label="乘机日期">{flight.date}</LabeledRow>
        <Button size="small" fill="none" color="primary" onClick={() => navigate(airAccidentHref())}>
          修改航班
        </Button>
      </section>
      <ApplicantFields binding={binding} product={p} errors={errors} today={today} chooseRelation />
      <HealthQuestions questions={p.questions} binding={binding} />
      {health.declined && (
        <div className="partner-refused" role="alert">
          根据健康告知，被保险人暂不符合本产品的投保条件
        </div>
      )}
      <NoticeAndClauses product={p} />
      <div className="purchase-field">
        <Checkbox checked={agreed} onChange={setAgreed}>
          我已阅读并同意投保须知及保险条款，确认所填信息真实有效
        </Checkbox>
      </div>
      <BottomBar>
        <span>
          保费 <span className="purchase-price">¥{formatFen(p.priceFen)}</span>
        </span>
        <Button
          color="primary"
          loading={submitting}
          disabled={!agreed || !health.complete || health.declined || submitting}
          onClick={() => void submit()}
        >
          提交投保
        </Button>
      </BottomBar>
    </div>
  )
}
