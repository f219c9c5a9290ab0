import { useState } from 'react'
import { snapshot } from 'valtio'
import { createOrder } from '../orders/api'
import type { ProductDetail } from '../catalog/api'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { apiErrorOf, describeError } from '../../lib/request'
import { useApplication, type OrderApplication } from './api'
import { finishDraft, purchaseDraft } from './draft'
import { payOrderHref } from './paths'
import { offerRiskAssessment } from './riskGate'

export interface OrderProblem {
  field: string
  message: string
}

/**
 * 确认投保: the order from the draft's holder and insured (priced by the server, which re-checks every gate and
 * rule), then the pay screen in place of the flow. The last step of the flow calls it: /infoFill for a product
 * without health questions, /healthNotification for one with. Problems come back with the field they name.
 */
export function usePlaceOrder(applicationId: string | null) {
  const navigate = useAppNavigate()
  const application = useApplication(applicationId)
  const [placing, setPlacing] = useState(false)
  const [problems, setProblems] = useState<OrderProblem[]>([])

  async function place(
    detail: ProductDetail,
    app: OrderApplication,
    options: { displayedPremiumFen: number | null; backTo: string },
  ): Promise<void> {
    setPlacing(true)
    setProblems([])
    const { holder, insured, address } = snapshot(purchaseDraft)
    try {
      const order = await createOrder({
        applicationId: app.id,
        holder: { ...holder, certTime: holder.certTime === 1 ? 1 : 0 },
        insured: {
          ...insured,
          certTime: insured.certTime === 1 ? 1 : 0,
          hasSocialInsurance: insured.hasSocialInsurance === 'N' ? 'N' : 'Y',
        },
        ...(detail.needsAddress ? { address: { ...address } } : {}),
        // What the buyer saw as 应付 (logged by the server; it charges its own price).
        ...(options.displayedPremiumFen !== null ? { displayedPremiumFen: options.displayedPremiumFen } : {}),
      })
      finishDraft(detail.id)
      navigate(payOrderHref(order), { replace: true })
    } catch (error) {
      const api = apiErrorOf(error)
      if (api?.code === 'APPLICATION_USED') {
        await application.mutate()
        return
      }
      // The assessment expired since the application started: reassess, then come back here.
      if (offerRiskAssessment(error, options.backTo, navigate)) return
      const details = (api?.details ?? []).filter(
        (d): d is OrderProblem => typeof d === 'object' && d !== null && 'field' in d && 'message' in d,
      )
      setProblems(details.length ? details : [{ field: '', message: describeError(error) }])
    } finally {
      setPlacing(false)
    }
  }

  return { place, placing, problems }
}
