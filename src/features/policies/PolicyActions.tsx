import { useState } from 'react'
import { Button } from 'antd-mobile'
import {
  epolicyFileName,
  epolicyUrl,
  SURRENDER_PENDING_TEXT,
  surrenderPending,
  textPolicy,
  type Policy,
} from './api'
import { SurrenderSheet } from './SurrenderSheet'
import { toast } from '../../components/notice'
import { canSurrenderInCoolingOff } from '../../domain/policy'
import { describeError } from '../../lib/request'
import { BottomBar } from '../../components/flow/BottomBar'
import './policyDetail.css'

/** The e-policy PDF, the policy's link texted to the holder's phone, and surrender within the cooling-off period. */
export function PolicyActions({ policy, onChange }: { policy: Policy; onChange: (next: Policy) => void }) {
  const [busy, setBusy] = useState(false)
  const [surrendering, setSurrendering] = useState(false)
  const [openedAt] = useState(() => Date.now())
  // Asked of the insurer and not confirmed yet: said, and not asked a second time.
  const pending = surrenderPending(policy)
  const surrenderable = !pending && canSurrenderInCoolingOff(policy, openedAt)

  async function text() {
    setBusy(true)
    try {
      const { phoneMasked } = await textPolicy(policy.id)
      toast('success', `已发送至${phoneMasked}`)
    } catch (error) {
      toast('error', describeError(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <BottomBar>
      {/* A plain link: browsers save it; an in-app browser that cannot download opens the PDF to view. */}
      <a className="policy-download" href={epolicyUrl(policy.id)} download={epolicyFileName(policy.policyNo)}>
        下载电子保单
      </a>
      <Button className="policy-action" disabled={busy} onClick={() => void text()}>
        发送到手机
      </Button>
      {pending && (
        <span className="policy-surrender-pending" data-testid="surrender-pending">
          {SURRENDER_PENDING_TEXT}
        </span>
      )}
      {surrenderable && (
        <Button
          className="policy-action"
          color="danger"
          fill="outline"
          disabled={busy}
          onClick={() => setSurrendering(true)}
        >
          犹豫期退保
        </Button>
      )}
      <SurrenderSheet
        policy={policy}
        visible={surrendering}
        onClose={() => setSurrendering(false)}
        onDone={(next) => {
          setSurrendering(false)
          onChange(next)
        }}
      />
    </BottomBar>
  )
}
