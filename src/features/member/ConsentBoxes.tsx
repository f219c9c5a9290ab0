import type { ReactNode } from 'react'
import { Checkbox } from '../../components/check/Check'
import type { AgreementDocument } from '../../config/agreements'
import { PURCHASE_TEXTS } from '../../domain/purchaseTexts'
import { CONSENT_BOXES } from './loginForm'

/**
 * The login agreements' boxes (loginForm.ts), each ticked by the user (never pre-checked). `link` draws a
 * document's title as a link: in the app's router, or a plain link where there is none.
 */
export function ConsentBoxes({
  consented,
  onChange,
  link,
}: {
  consented: readonly boolean[]
  onChange: (next: boolean[]) => void
  link: (doc: AgreementDocument, title: ReactNode) => ReactNode
}) {
  return (
    <div className="login-agreements">
      {CONSENT_BOXES.map((docs, i) => (
        <Checkbox
          key={docs.map((doc) => doc.key).join('+')}
          checked={consented[i]}
          onChange={(checked) => onChange(consented.map((value, j) => (j === i ? checked : value)))}
          aria-label={`同意${docs.map((doc) => `《${doc.title}》`).join('')}`}
          data-testid={`consent-${docs.map((doc) => doc.key).join('-')}`}
        >
          我已阅读并同意
          {docs.map((doc, j) => (
            <span key={doc.key}>
              {j > 0 && '和'}
              {link(doc, `《${doc.title}》`)}
            </span>
          ))}
          {docs.some((doc) => doc.key === 'sensitive') && `，${PURCHASE_TEXTS.sensitiveConsent}`}
        </Checkbox>
      ))}
    </div>
  )
}
