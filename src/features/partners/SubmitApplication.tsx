import { useState } from 'react'
import { Button, Checkbox } from 'antd-mobile'
import { useSnapshot } from 'valtio'
import { useLocation } from 'react-router-dom'
import { BottomBar } from '../../components/flow/BottomBar'
import { toast } from '../../components/notice'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatFen } from '../../domain/money'
import { apiErrorOf, describeError, HttpError } from '../../lib/request'
import { payHref } from '../purchase/paths'
import { submitPartnerApplication, type PartnerProduct } from './api'
import type { FlowBinding } from './flowState'

/** 投保须知 and the clauses, then the application: the partner underwrites it and our order is created. */
export function NoticeAndClauses({ product }: { product: PartnerProduct }) {
  const lines = product.notice
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  return (
    <>
      <section className="purchase-card" aria-label="投保须知">
        <h2>投保须知</h2>
        {lines.length === 0 ? (
          <p className="purchase-muted">暂无投保须知</p>
        ) : (
          <ol className="partner-list">
            {lines.map((line) => (
              <li key={line}>{line.replace(/^\d+[.、]\s*/, '')}</li>
            ))}
          </ol>
        )}
      </section>
      <section className="purchase-card">
        <h2>保险条款</h2>
        <ul className="partner-list">
          {product.clauses.map((c) => (
            <li key={c.id}>《{c.title.replace(/^《|》$/g, '')}》</li>
          ))}
        </ul>
      </section>
    </>
  )
}

/** What the partner said when it would not take the application (the user is not asked to pay). */
export interface Refusal {
  title: string
  message: string
}

export const REFUSAL_CODES: Record<string, string> = {
  UNDERWRITING_REFUSED: '核保未通过',
  HEALTH_DECLINED: '健康告知未通过',
  OCCUPATION_REFUSED: '职业不符合投保条件',
}

/** The bottom bar that agrees and submits; a refusal or an outage is shown, nothing is paid. */
export function SubmitBar({
  binding,
  product,
  onRefused,
}: {
  binding: FlowBinding
  product: PartnerProduct
  onRefused: (refusal: Refusal) => void
}) {
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  const { quote, healthAnswers } = useSnapshot(binding.extras)
  const [agreed, setAgreed] = useState(false)
  const [submitting, setSubmitting] = useState(false)

  async function submit() {
    if (!quote) return
    setSubmitting(true)
    try {
      const created = await submitPartnerApplication({
        quoteId: quote.quoteId,
        healthAnswers: { ...healthAnswers },
      })
      binding.extras.orderId = created.orderId
      navigate(payHref(created.orderId))
    } catch (error) {
      const code = apiErrorOf(error)?.code
      if (error instanceof HttpError && error.status === 401) {
        navigate(loginPathFor(`${pathname}${search}`))
      } else if (code && REFUSAL_CODES[code]) {
        onRefused({ title: REFUSAL_CODES[code], message: describeError(error) })
      } else toast('error', describeError(error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <>
      <div className="purchase-field">
        <Checkbox checked={agreed} onChange={setAgreed}>
          我已阅读并同意投保须知及保险条款，确认所填信息真实有效
        </Checkbox>
      </div>
      <BottomBar>
        <span>
          保费 <span className="purchase-price">¥{formatFen(quote?.premiumFen ?? product.priceFen)}</span>
        </span>
        <Button
          color="primary"
          loading={submitting}
          disabled={!agreed || !quote || submitting}
          onClick={() => void submit()}
        >
          提交投保
        </Button>
      </BottomBar>
    </>
  )
}
