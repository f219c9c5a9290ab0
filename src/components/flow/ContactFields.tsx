import { Input } from 'antd-mobile'
import { Field, type FieldErrors } from './PersonFields'

/** The insured's phone (for the policy SMS) and optional e-mail, with their errors. */
export function ContactFields({
  phone,
  email,
  errors,
  onChange,
}: {
  phone: string
  email: string
  errors: FieldErrors
  onChange: (patch: { phone?: string; email?: string }) => void
}) {
  return (
    <>
      <Field label="手机号" error={errors['insured.phone']} htmlFor="insured-phone">
        <Input
          id="insured-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="用于接收保单短信"
          value={phone}
          maxLength={11}
          onChange={(value) => onChange({ phone: value })}
        />
      </Field>
      <Field label="电子邮箱（选填）" error={errors['insured.email']} htmlFor="insured-email">
        <Input
          id="insured-email"
          type="email"
          inputMode="email"
          placeholder="用于接收电子保单"
          value={email}
          onChange={(value) => onChange({ email: value })}
        />
      </Field>
    </>
  )
}
