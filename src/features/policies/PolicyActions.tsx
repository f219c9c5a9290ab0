import { useState } from 'react'
import { Button } from 'antd-mobile'
import { Dialog } from '../../components/overlays'
import { createShareLink, epolicyFileName, epolicyUrl, type Policy } from './api'
import { SurrenderSheet } from './SurrenderSheet'
import { toast } from '../../components/notice'
import { canSurrenderInCoolingOff } from '../../domain/policy'
import { describeError } from '../../lib/request'
import { BottomBar } from '../../components/flow/BottomBar'
import './policyDetail.css'

/** The e-policy PDF, SMS link, and surrender within the cooling-off period. */
export function PolicyActions({ policy, onChange }: { policy: Policy; onChange: (next: Policy) => void }) {
  const [busy, setBusy] = useState(false)
  const [surrendering, setSurrendering] = useState(false)
  const [openedAt] = useState(() => Date.now())
  const surrenderable = canSurrenderInCoolingOff(policy, openedAt)

  async function share() {
    setBusy(true)
    try {
      const link = await createShareLink(policy.id)
      const url = `${window.location.origin}${link.url}`
      await navigator.clipboard?.writeText(url).catch(() => undefined)
      Dialog.alert({ title: '保单查看链接（7天内有效）', content: url, confirmText: '知道了' })
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
      <Button disabled={busy} onClick={() => void share()}>
        短信链接
      </Button>
      {surrenderable && (
        <Button color="danger" fill="outline" disabled={busy} onClick={() => setSurrendering(true)}>
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
