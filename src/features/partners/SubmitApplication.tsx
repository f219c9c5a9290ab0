import { useState } from 'react'
import { Button } from 'antd-mobile'
import { Checkbox } from '../../components/check/Check'
import { Dialog } from '../../components/dialog'
import { snapshot, useSnapshot } from 'valtio'
import { useLocation } from 'react-router-dom'
import { BottomBar } from '../../components/flow/BottomBar'
import type { FieldErrors } from '../../components/flow/PersonFields'
import { toast } from '../../components/notice'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { formatFen } from '../../domain/money'
import { purchaseText } from '../../domain/purchaseTexts'
import { apiErrorOf, describeError, HttpError } from '../../lib/request'
import { payHref } from '../purchase/paths'
import { createPartnerQuote, submitPartnerApplication, type PartnerProduct } from './api'
import type { FlowBinding, PartnerSections } from './flowState'
import { quoteRequest, serverFieldErrors } from './ApplicantForm'
import { ClauseList } from './ClauseList'
import { partnerEntryHref } from './paths'
import { settlePremiumChange } from './PremiumChange'

/** 投保须知 and the clauses, then the application: the partner underwrites it and our order is created. */
export function NoticeAndClauses({ product }: { product: PartnerProduct }) {
  const lines = product.notice
    .split('\n')
    .map((l) => l.trim())
    // The text may open with its own title, which the card's heading already says.
    .filter((line, i) => line && !(i === 0 && line === '投保须知'))
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
        <ClauseList productId={product.id} clauses={product.clauses} />
      </section>
    </>
  )
}

/**
 * What stopped the application before payment: the partner refused it (the user changes the application), or
 * the partner could not be reached (nothing was created, the draft is kept: the user submits again later).
 */
export interface Refusal {
  kind: 'refused' | 'unavailable'
  title: string
  message: string
}

const REFUSAL_TITLES: Record<string, string> = {
  UNDERWRITING_REFUSED: '核保未通过',
  HEALTH_DECLINED: '健康告知未通过',
  OCCUPATION_REFUSED: '职业不符合投保条件',
}

/** The refusal or outage; an outage offers 重试 when `onRetry` is given. */
export function RefusalNotice({ refusal, onRetry }: { refusal: Refusal | null; onRetry?: () => void }) {
  if (!refusal) return null
  return (
    <div
      className={refusal.kind === 'refused' ? 'partner-refused' : 'partner-refused is-unavailable'}
      role="alert"
      data-testid={refusal.kind === 'refused' ? 'partner-refusal' : 'partner-unavailable'}
    >
      <strong>{refusal.title}</strong>
      <div>{refusal.message}</div>
      {onRetry && refusal.kind === 'unavailable' && (
        <Button size="small" color="primary" fill="outline" onClick={onRetry}>
          重试
        </Button>
      )}
    </div>
  )
}

/**
 * How a failed quote or application is told: not logged in → the login screen (coming back here); the
 * partner refused, or could not be reached (503 PARTNER_UNAVAILABLE) → `onRefused`, a notice that stays; field
 * errors → `onFields` with a toast; anything else → a toast, the form kept.
 */
export function useFailureHandler({
  onRefused,
  onFields,
}: {
  onRefused: (refusal: Refusal) => void
  onFields?: (fields: FieldErrors) => void
}) {
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  return (error: unknown) => {
    const code = apiErrorOf(error)?.code
    if (error instanceof HttpError && error.status === 401) {
      toast('info', '请先登录后继续投保')
      navigate(loginPathFor(`${pathname}${search}`))
    } else if (code && REFUSAL_TITLES[code]) {
      onRefused({ kind: 'refused', title: REFUSAL_TITLES[code], message: describeError(error) })
      window.scrollTo?.({ top: 0 })
    } else if (code === 'PARTNER_UNAVAILABLE') {
      onRefused({
        kind: 'unavailable',
        title: describeError(error),
        message: '本次未投保、未扣款，已填写的信息已保存，请稍后再次提交',
      })
      window.scrollTo?.({ top: 0 })
    } else {
      onFields?.(serverFieldErrors(error))
      toast('error', describeError(error))
    }
  }
}

/**
 * Submits a quote for underwriting: the order it makes is kept in the draft and paid on /pay. A premium the
 * partner re-priced is shown and agreed first (保费已调整); declined, the order is cancelled and the product shown.
 */
export function useApply(binding: FlowBinding, productId: string) {
  const navigate = useAppNavigate()
  return async (quoteId: string, healthAnswers: Record<string, boolean>) => {
    const created = await submitPartnerApplication({ quoteId, healthAnswers })
    binding.setExtras({ orderId: created.orderId })
    if (created.premiumChanged && !(await settlePremiumChange(created.orderId, created.premiumChanged))) {
      // The quote is spent with its order: a new application starts from a new quote.
      binding.setExtras({ orderId: null, quote: null })
      toast('info', '已放弃投保，未扣款')
      navigate(partnerEntryHref(productId) ?? '/', { replace: true })
      return
    }
    navigate(payHref(created.orderId))
  }
}

/** 报价已过期: the quote is asked again with what was filled in; true to go on with the new one. */
async function askRequote(): Promise<boolean> {
  return Dialog.confirm({
    title: '报价已过期',
    content: '报价有效期为30分钟，已填写的信息均已保留。重新报价后将继续投保。',
    confirmText: '重新报价',
    cancelText: '稍后再说',
  })
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
  const apply = useApply(binding, product.id)
  const fail = useFailureHandler({ onRefused })
  const { quote, healthAnswers } = useSnapshot(binding.extras)
  const [submitting, setSubmitting] = useState(false)

  /** A new quote for the same filled-in information; the same premium goes on, another one is shown first. */
  async function requote(expiredFen: number) {
    const fresh = await createPartnerQuote(quoteRequest(snapshot(binding.state) as PartnerSections, product))
    binding.setExtras({ quote: fresh })
    binding.write('product', { firstPremium: String(fresh.premiumFen) })
    if (fresh.premiumFen === expiredFen) return apply(fresh.quoteId, { ...healthAnswers })
    toast('info', `保费已更新为¥${formatFen(fresh.premiumFen)}，请确认后再提交`)
  }

  async function submit() {
    if (!quote) return
    setSubmitting(true)
    try {
      try {
        await apply(quote.quoteId, { ...healthAnswers })
      } catch (error) {
        if (apiErrorOf(error)?.code !== 'QUOTE_EXPIRED') throw error
        if (await askRequote()) await requote(quote.premiumFen)
      }
    } catch (error) {
      fail(error)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AgreeAndSubmit
      priceFen={quote?.premiumFen ?? product.priceFen}
      ready={Boolean(quote)}
      submitting={submitting}
      onSubmit={() => void submit()}
    />
  )
}

/** The agreement (never preticked) and 提交投保 beside the price, disabled while submitting. */
export function AgreeAndSubmit({
  priceFen,
  ready,
  submitting,
  onSubmit,
}: {
  priceFen: number
  ready: boolean
  submitting: boolean
  onSubmit: () => void
}) {
  const [agreed, setAgreed] = useState(false)
  return (
    <>
      <div className="purchase-field">
        <Checkbox checked={agreed} onChange={setAgreed}>
          {purchaseText('partnerAgreement')}
        </Checkbox>
      </div>
      <BottomBar>
        <span>
          保费 <span className="purchase-price">¥{formatFen(priceFen)}</span>
        </span>
        <Button
          color="primary"
          loading={submitting}
          disabled={!agreed || !ready || submitting}
          onClick={onSubmit}
        >
          提交投保
        </Button>
      </BottomBar>
    </>
  )
}
