// A campaign form's fields as the form block shows them (campaignForms.ts holds the rules that check them, which
// the block loads when they are first needed). Pure; used by the UI and the server.
import { CERTIFICATE_TYPES, type CertificateType } from './certificateTypes'
import type { CampaignField } from '../types/generated/page'

/** A form field as the config declares it (CampaignField) or the API returns it. */
export interface FormFieldSpec {
  key: string
  kind: CampaignField['kind']
  label: string
  optional?: boolean
  options?: readonly string[]
  certTypes?: readonly string[]
  link?: string
}

/** A certificate as a form gives it. */
export interface CertificateValue {
  type: string
  number: string
}

export type FieldValue = string | boolean | CertificateValue

export const isCertificateValue = (value: unknown): value is CertificateValue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as CertificateValue).type === 'string' &&
  typeof (value as CertificateValue).number === 'string'

/** The certificate types a field offers (all of them unless the config narrows them), with their names. */
export function certificateChoices(field: FormFieldSpec): { type: CertificateType; name: string }[] {
  return CERTIFICATE_TYPES.filter((t) => (field.certTypes ? field.certTypes.includes(t.type) : !t.minorsOnly))
}
