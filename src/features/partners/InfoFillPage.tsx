import { useState } from 'react'
import { Button } from 'antd-mobile'
import { snapshot, useSnapshot } from 'valtio'
import { useLocation } from 'react-router-dom'
import { BottomBar } from '../../components/flow/BottomBar'
import type { FieldErrors } from '../../components/flow/PersonFields'
import { toast } from '../../components/notice'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { shanghaiDate } from '../../domain/age'
import { formatFen } from '../../domain/money'
import { apiErrorOf, describeError, HttpError } from '../../lib/request'
import { createPartnerQuote } from './api'
import {
  ApplicantFields,
  focusFirstError,
  quoteRequest,
  serverFieldErrors,
  useFormCertTypes,
  validateApplicant,
} from './ApplicantForm'
import { FlowFrame, type StepContext } from './FlowFrame'
import type { PartnerSections } from './flowState'
import { flowStepHref } from './paths'
import { REFUSAL_CODES, type Refusal } from './SubmitApplication'

/** 填写信息: policyholder, insured and occupation, checked here and priced by the partner (a quote). */
export default function InfoFillPage() {
  return <FlowFrame step={3}>{(context) => <InfoFill {...context} />}</FlowFrame>
}

function InfoFill({ flow, product, binding }: StepContext) {
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  useFormCertTypes(binding)
  const sections = useSnapshot(binding.state) as PartnerSections
  const [now] = useState(() => Date.now())
  const today = shanghaiDate(now)
  const [tried, setTried] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [submitting, setSubmitting] = useState(false)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  // After the first 下一步, errors follow every keystroke (computed from the store, never stale).
  const errors = tried ? { ...serverErrors, ...validateApplicant(sections, product, today) } : {}

  async function next() {
    setTried(true)
    setServerErrors({})
    setRefusal(null)
    const found = validateApplicant(snapshot(binding.state) as PartnerSections, product, today)
    if (Object.keys(found).length) {
      focusFirstError(found)
      toast('warning', `还有${Object.keys(found).length}项信息需要完善`)
      return
    }
    setSubmitting(true)
    try {
      const quote = await createPartnerQuote(
        quoteRequest(snapshot(binding.state) as PartnerSections, product),
      )
      binding.extras.quote = quote
      binding.write('product', { firstPremium: String(quote.premiumFen) })
      navigate(flowStepHref(flow, 'specialNotify', product.id))
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        toast('info', '请先登录后继续投保')
        navigate(loginPathFor(`${pathname}${search}`))
        return
      }
      // The partner may refuse while pricing already (its rules run on the quote too).
      const code = apiErrorOf(error)?.code
      if (code && REFUSAL_CODES[code]) {
        setRefusal({ title: REFUSAL_CODES[code], message: describeError(error) })
        window.scrollTo?.({ top: 0 })
        return
      }
      const fields = serverFieldErrors(error)
      setServerErrors(fields)
      focusFirstError(fields)
      toast('error', describeError(error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <>
      {refusal && (
        <div className="partner-refused" role="alert" data-testid="partner-refusal">
          <strong>{refusal.title}</strong>
          <div>{refusal.message}</div>
        </div>
      )}
      <ApplicantFields binding={binding} product={product} errors={errors} today={today} />
      <BottomBar>
        <span>
          保费 <span className="purchase-price">¥{formatFen(product.priceFen)}</span>
        </span>
        <Button color="primary" loading={submitting} disabled={submitting} onClick={() => void next()}>
          下一步
        </Button>
      </BottomBar>
    </>
  )
}
