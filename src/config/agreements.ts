// The login agreement: when enabled, login needs explicit consent to all three documents.
export const LOGIN_AGREEMENT_ENABLED = true

export type AgreementKey = 'privacy' | 'sensitive' | 'service'

export interface AgreementDocument {
  key: AgreementKey
  title: string
  /** In-app route of the document's protocol page. */
  path: string
  /** Version recorded with the user's consent. */
  version: string
}

export const LOGIN_AGREEMENTS: readonly AgreementDocument[] = [
  { key: 'privacy', title: '隐私保护政策', path: '/protocol/privacy', version: '2026-12-01' },
  {
    key: 'sensitive',
    title: '个人敏感信息收集使用授权书',
    path: '/protocol/sensitive',
    version: '2026-11-01',
  },
  { key: 'service', title: '用户服务协议', path: '/protocol/service', version: '2026-11-01' },
]
