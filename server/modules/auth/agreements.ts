// Versions of the login agreements in force; the UI shows the same documents (src/config/agreements.ts,
// kept equal by tests/server/auth.test.ts). Consent is recorded with the version and time.
export const AGREEMENT_VERSIONS = {
  privacy: '2026-12-01',
  sensitive: '2026-11-01',
  service: '2026-11-01',
} as const

export type AgreementKey = keyof typeof AGREEMENT_VERSIONS
export const REQUIRED_AGREEMENTS = Object.keys(AGREEMENT_VERSIONS) as AgreementKey[]

export const AGREEMENT_TITLES: Record<AgreementKey, string> = {
  privacy: '《隐私保护政策》',
  sensitive: '《个人敏感信息收集使用授权书》',
  service: '《用户服务协议》',
}
