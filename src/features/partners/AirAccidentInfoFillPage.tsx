import { useEffect, useState } from 'react'
import { Button } from 'antd-mobile'
import { snapshot, useSnapshot } from 'valtio'
import type { FieldErrors } from '../../components/flow/PersonFields'
import { LabeledRow } from '../../components/LabeledRow'
import { EmptyView } from '../../components/StatusViews'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { shanghaiDate } from '../../domain/age'
import { validateFlight } from '../../domain/flight'
import { createPartnerQuote } from './api'
import {
  ApplicantFields,
  focusFirstError,
  reportFormErrors,
  quoteRequest,
  useFormCertTypes,
  validateApplicant,
} from './ApplicantForm'
import { usePartnerFlowState, type PartnerSections } from './flowState'
import { HealthQuestions, healthState } from './HealthQuestions'
import { AIR_PRODUCT_ID, airAccidentHref } from './paths'
import { airProductLoader, useAirProduct } from './airProduct'
import { PartnerDownNotice } from './PartnerDownNotice'
import {
  AgreeAndSubmit,
  NoticeAndClauses,
  RefusalNotice,
  useApply,
  useFailureHandler,
  type Refusal,
} from './SubmitApplication'
import { useTrailScreen } from '../trail/api'
import { trackFunnel } from '../../lib/analytics'
import '../../components/flow/flow.css'
import './partners.css'

export const loader = airProductLoader

/**
 * /activity/airAccident/infoFill: who flies (policyholder and insured), the health questions and 投保须知 on
 * one page; 提交投保 prices the flight with the partner and submits it for underwriting, then payment.
 */
export default function AirAccidentInfoFillPage() {
  const navigate = useAppNavigate()
  const binding = usePartnerFlowState('airAccident')
  useFormCertTypes(binding)
  const sections = useSnapshot(binding.state) as PartnerSections
  const { flight, healthAnswers } = useSnapshot(binding.extras)
  const product = useAirProduct()
  useTrailScreen({ productId: product.data?.id ?? null, title: '填写投保信息' })
  useEffect(() => trackFunnel('info', product.data?.id), [product.data?.id])
  const [today] = useState(() => shanghaiDate(Date.now()))
  const [tried, setTried] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const apply = useApply(binding, AIR_PRODUCT_ID)
  const fail = useFailureHandler({
    onRefused: setRefusal,
    onFields: (fields) => {
      setServerErrors(fields)
      focusFirstError(fields)
    },
  })

  if (!product.data) return product.view
  const p = product.data
  if (Object.keys(validateFlight(flight, today)).length)
    return (
      <EmptyView title="请先填写航班信息" description="航班号与航班日期决定保障的航班">
        <Button color="primary" onClick={() => navigate(airAccidentHref(), { replace: true })}>
          去填写
        </Button>
      </EmptyView>
    )
  const health = healthState(p.questions, healthAnswers)
  const errors = tried ? { ...serverErrors, ...validateApplicant(sections, p, today, flight.date) } : {}

  async function submit() {
    setTried(true)
    setServerErrors({})
    if (
      reportFormErrors(validateApplicant(snapshot(binding.state) as PartnerSections, p, today, flight.date))
    )
      return
    setSubmitting(true)
    try {
      const quote = await createPartnerQuote(
        quoteRequest(snapshot(binding.state) as PartnerSections, p, { flight: { ...flight } }),
      )
      binding.setExtras({ quote })
      await apply(quote.quoteId, { ...healthAnswers })
    } catch (error) {
      fail(error)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <div className="purchase-page">
      <PartnerDownNotice product={p} />
      <RefusalNotice refusal={refusal} />
      <section className="purchase-card">
        <h2>航班信息</h2>
        <LabeledRow label="航班号">{flight.flightNo}</LabeledRow>
        <LabeledRow label="航班日期">{flight.date}</LabeledRow>
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
      <AgreeAndSubmit
        priceFen={p.priceFen}
        ready={health.complete && !health.declined}
        submitting={submitting}
        onSubmit={() => void submit()}
      />
    </div>
  )
}
