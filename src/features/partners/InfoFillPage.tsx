import { useState } from 'react'
import { Button } from 'antd-mobile'
import { snapshot, useSnapshot } from 'valtio'
import { BottomBar } from '../../components/flow/BottomBar'
import type { FieldErrors } from '../../components/flow/PersonFields'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { shanghaiDate } from '../../domain/age'
import { formatFen } from '../../domain/money'
import { tripLimitDays, validateTrip } from '../../domain/trip'
import { createPartnerQuote } from './api'
import {
  ApplicantFields,
  focusFirstError,
  reportFormErrors,
  quoteRequest,
  useFormCertTypes,
  validateApplicant,
} from './ApplicantForm'
import { flowStepLoader, FlowFrame, type StepContext } from './FlowFrame'
import type { FlowExtras, PartnerSections } from './flowState'
import { TripFields } from './TripFields'
import { flowStepHref } from './paths'
import { RefusalNotice, useFailureHandler, type Refusal } from './SubmitApplication'

export const loader = flowStepLoader

/** After this long without the partner's price, the wait is said (the quote's budget is a few seconds). */
const QUOTE_SLOW_MS = 1500

/** 填写信息: policyholder, insured and occupation, checked here and priced by the partner (a quote). */
export default function InfoFillPage() {
  return (
    <FlowFrame step={3} title="填写投保信息">
      {(context) => <InfoFill {...context} />}
    </FlowFrame>
  )
}

function InfoFill({ flow, product, binding }: StepContext) {
  const navigate = useAppNavigate()
  useFormCertTypes(binding)
  const sections = useSnapshot(binding.state) as PartnerSections
  const { trip } = useSnapshot(binding.extras)
  // The travel cover is for one trip: asked here, it sets the cover's first day (ages count on it).
  const asksTrip = flow === 'huataitravel'
  const maxTripDays = tripLimitDays(product.coveragePeriod)
  const [now] = useState(() => Date.now())
  const today = shanghaiDate(now)
  const [tried, setTried] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [slow, setSlow] = useState(false)
  // The partner may refuse while pricing already (its rules run on the quote too).
  const fail = useFailureHandler({
    onRefused: setRefusal,
    onFields: (fields) => {
      setServerErrors(fields)
      focusFirstError(fields)
    },
  })
  // After the first 下一步, errors follow every keystroke (computed from the store, never stale).
  const check = (state: PartnerSections, t: FlowExtras['trip']): FieldErrors =>
    asksTrip
      ? { ...validateTrip(t, today, maxTripDays), ...validateApplicant(state, product, today, t.startDate) }
      : validateApplicant(state, product, today)
  const errors = tried ? { ...serverErrors, ...check(sections, trip) } : {}

  async function next() {
    setTried(true)
    setServerErrors({})
    setRefusal(null)
    const state = snapshot(binding.state) as PartnerSections
    const tripNow = { ...snapshot(binding.extras).trip }
    if (reportFormErrors(check(state, tripNow))) return
    setSubmitting(true)
    const slowTimer = setTimeout(() => setSlow(true), QUOTE_SLOW_MS)
    try {
      const quote = await createPartnerQuote(quoteRequest(state, product, asksTrip ? { trip: tripNow } : {}))
      binding.setExtras({ quote })
      binding.write('product', { firstPremium: String(quote.premiumFen) })
      navigate(flowStepHref(flow, 'specialNotify', product.id))
    } catch (error) {
      fail(error)
    } finally {
      clearTimeout(slowTimer)
      setSlow(false)
      setSubmitting(false)
    }
  }

  return (
    <>
      <RefusalNotice refusal={refusal} onRetry={() => void next()} />
      {asksTrip && (
        <TripFields binding={binding} trip={trip} errors={errors} today={today} maxDays={maxTripDays} />
      )}
      <ApplicantFields binding={binding} product={product} errors={errors} today={today} />
      <BottomBar>
        {slow ? (
          <span role="status" className="purchase-muted">
            正在向保险公司询价…
          </span>
        ) : (
          <span>
            保费 <span className="purchase-price">¥{formatFen(product.priceFen)}</span>
          </span>
        )}
        <Button color="primary" loading={submitting} disabled={submitting} onClick={() => void next()}>
          下一步
        </Button>
      </BottomBar>
    </>
  )
}
