import { useState } from 'react'
import { Button } from 'antd-mobile'
import { Sheet } from '../../components/sheets/LazySheets'
import { consentedAgreements, CONSENT_BOXES } from './loginForm'
import { ConsentBoxes } from './ConsentBoxes'
import type { AgreementKey } from '../../config/agreements'
import './user.css'

/**
 * Inside the company's app, before its account logs in to the mall for the first time (or after the agreements
 * changed): the three login agreements, each ticked by the user (never pre-checked). 暂不登录 leaves the user
 * logged out; they can log in later from the login screen.
 */
export function AppConsentSheet({
  visible,
  busy,
  error,
  onAgree,
  onDecline,
}: {
  visible: boolean
  busy: boolean
  error: string
  onAgree: (agreements: AgreementKey[]) => void
  onDecline: () => void
}) {
  const [consented, setConsented] = useState<boolean[]>(() => CONSENT_BOXES.map(() => false))
  const allAgreed = consented.every(Boolean)
  return (
    <Sheet visible={visible} onClose={onDecline} bodyClassName="app-consent-sheet">
      <div role="dialog" aria-labelledby="app-consent-title" data-testid="app-consent-sheet">
        <h2 id="app-consent-title" className="app-consent-title">
          登录国恒保险商城
        </h2>
        <p className="app-consent-hint">您将使用国恒保险 App 的账号登录商城，请先阅读并同意以下协议</p>
        <ConsentBoxes
          consented={consented}
          onChange={setConsented}
          link={(doc, title) => (
            <a
              href={doc.path}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => event.stopPropagation()}
            >
              {title}
            </a>
          )}
        />
        <div className="login-error" role="alert">
          {error}
        </div>
        <Button
          block
          color="primary"
          size="large"
          disabled={!allAgreed || busy}
          loading={busy}
          onClick={() => onAgree(consentedAgreements(consented))}
        >
          {allAgreed ? '同意并登录' : '请先阅读并勾选以上协议'}
        </Button>
        <Button block fill="none" className="app-consent-decline" disabled={busy} onClick={onDecline}>
          暂不登录
        </Button>
      </div>
    </Sheet>
  )
}
