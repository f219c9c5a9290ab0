import { useState } from 'react'
import { Button, Space } from 'antd-mobile'
import { Radio } from '../../components/check/Check'
import { Sheet } from '../../components/sheets/LazySheets'
import { CloseOutline } from 'antd-mobile-icons'
import { PriceText } from '../../components/PriceText'
import { ErrorView, LoadingView } from '../../components/StatusViews'
import { toast } from '../../components/notice'
import { describeError } from '../../lib/request'
import { surrenderPolicy, useSurrenderQuote, type Policy } from './api'
import './surrender.css'

/**
 * 犹豫期退保, said in full before it is confirmed: the refund (the amount the server will refund), where it goes
 * (the original payment method) and when, the points taken back, and a reason, required.
 */
export function SurrenderSheet({
  policy,
  visible,
  onClose,
  onDone,
}: {
  policy: Policy
  visible: boolean
  onClose: () => void
  onDone: (next: Policy) => void
}) {
  return (
    <Sheet
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="surrender-sheet"
      destroyOnClose
    >
      <div className="surrender-head">
        <h2>犹豫期退保</h2>
        <button type="button" className="surrender-close" aria-label="关闭" onClick={onClose}>
          <CloseOutline />
        </button>
      </div>
      {visible && <SurrenderBody policy={policy} onDone={onDone} onCancel={onClose} />}
    </Sheet>
  )
}

function SurrenderBody({
  policy,
  onDone,
  onCancel,
}: {
  policy: Policy
  onDone: (next: Policy) => void
  onCancel: () => void
}) {
  const quote = useSurrenderQuote(policy.id)
  const [reason, setReason] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  const [busy, setBusy] = useState(false)

  if (quote.error) return <ErrorView error={quote.error} onRetry={() => void quote.mutate()} />
  if (!quote.data) return <LoadingView lines={4} />
  const q = quote.data

  async function confirm() {
    if (!reason) {
      setMissing(true)
      return
    }
    setBusy(true)
    try {
      const next = await surrenderPolicy(policy.id, reason)
      onDone(next)
      // The insurer has not confirmed it yet: asked, refunded once it does (退保处理中).
      if (next.surrenderRequest?.status === 'REQUESTED') toast('success', next.surrenderRequest.note)
      else toast('success', q.refundFen > 0 ? `退保成功，保费将原路退回${q.refundTo ?? ''}` : '退保成功')
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="surrender-body" data-testid="surrender-sheet">
      <p className="surrender-lead">犹豫期内退保，保障随即终止，已交保费全额退还。</p>
      <dl className="surrender-facts">
        <div>
          <dt>退款金额</dt>
          <dd data-testid="surrender-refund">
            <PriceText fen={q.refundFen} />
          </dd>
        </div>
        {q.refundTo && (
          <div>
            <dt>退回方式</dt>
            <dd>原路退回{q.refundTo}</dd>
          </div>
        )}
        {q.arrival && (
          <div>
            <dt>到账时间</dt>
            <dd>{q.arrival}到账，以支付渠道为准</dd>
          </div>
        )}
        <div>
          <dt>积分扣回</dt>
          <dd data-testid="surrender-points">
            {q.pointsClawback > 0 ? `扣回投保奖励 ${q.pointsClawback} 积分` : '无积分扣回'}
          </dd>
        </div>
      </dl>
      <fieldset className="surrender-reasons">
        <legend>
          退保原因<span className="surrender-required">（必选）</span>
        </legend>
        <Radio.Group
          value={reason}
          onChange={(value) => {
            setReason(value as string)
            setMissing(false)
          }}
        >
          <Space direction="vertical" block>
            {q.reasons.map((r) => (
              <Radio key={r} value={r} block>
                {r}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {missing && (
          <p className="surrender-error" role="alert">
            请选择退保原因
          </p>
        )}
      </fieldset>
      <div className="surrender-actions">
        <Button block onClick={onCancel} disabled={busy}>
          再想想
        </Button>
        <Button block color="danger" loading={busy} disabled={busy} onClick={() => void confirm()}>
          确认退保
        </Button>
      </div>
    </div>
  )
}
