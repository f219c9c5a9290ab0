import { Dialog } from '../dialog'
import { formatFen } from '../../domain/money'
import './flow.css'

/** A premium the insurer changed at underwriting: the quoted one and the new one, in fen. */
export interface PremiumChangeShown {
  quotedFen: number
  premiumFen: number
}

function PremiumChangeText({ change }: { change: PremiumChangeShown }) {
  return (
    <div className="premium-change" data-testid="premium-change">
      <p>保险公司核保后调整了保费，请确认后再支付。</p>
      <div className="premium-change-row">
        <span>原保费</span>
        <s>¥{formatFen(change.quotedFen)}</s>
      </div>
      <div className="premium-change-row">
        <span>核保后保费</span>
        <strong>¥{formatFen(change.premiumFen)}</strong>
      </div>
    </div>
  )
}

/** 保费已调整: true when the user agrees to pay the new premium (同意并支付), false when giving up (放弃投保). */
export function askPremiumAgreement(change: PremiumChangeShown): Promise<boolean> {
  return Dialog.confirm({
    title: '保费已调整',
    content: <PremiumChangeText change={change} />,
    confirmText: '同意并支付',
    cancelText: '放弃投保',
  })
}
