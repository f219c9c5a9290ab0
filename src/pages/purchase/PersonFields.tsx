import type { ReactNode } from 'react'
import { Input, Radio } from 'antd-mobile'
import { CERTIFICATE_TYPES } from '../../domain/certificate'
import { derivedFromCertificate, type PersonInput } from '../../domain/applicant'

export type FieldErrors = Record<string, string>

/** One labelled field with its Chinese error right under it. */
export function Field({
  label,
  error,
  children,
  htmlFor,
}: {
  label: string
  error?: string
  children: ReactNode
  htmlFor?: string
}) {
  return (
    <div className="purchase-field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {error && (
        <div className="purchase-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  )
}

/**
 * Name, certificate, validity, gender and birth date of one person. Birth date and gender are derived from
 * a resident ID (or permit) number and locked while it is valid.
 */
export function PersonFields({
  prefix,
  person,
  errors,
  today,
  onChange,
}: {
  prefix: 'holder' | 'insured'
  person: PersonInput
  errors: FieldErrors
  today: string
  onChange: (patch: Partial<PersonInput>) => void
}) {
  const id = (field: string) => `${prefix}-${field}`
  const err = (field: string) => errors[`${prefix}.${field}`]
  const derived = derivedFromCertificate(person.certType, person.certNo, today)

  function changeCertificate(patch: Partial<PersonInput>) {
    const next = { ...person, ...patch }
    const fromNumber = derivedFromCertificate(next.certType, next.certNo, today)
    onChange(fromNumber ? { ...patch, ...fromNumber } : patch)
  }

  return (
    <>
      <Field label="姓名" error={err('name')} htmlFor={id('name')}>
        <Input
          id={id('name')}
          placeholder="请输入证件上的姓名"
          value={person.name}
          onChange={(name) => onChange({ name })}
          maxLength={30}
        />
      </Field>
      <Field label="证件类型" error={err('certType')} htmlFor={id('certType')}>
        <select
          id={id('certType')}
          value={person.certType}
          onChange={(e) => changeCertificate({ certType: e.target.value })}
        >
          {CERTIFICATE_TYPES.map((t) => (
            <option key={t.type} value={t.type}>
              {t.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label="证件号码" error={err('certNo')} htmlFor={id('certNo')}>
        <Input
          id={id('certNo')}
          placeholder="请输入证件号码"
          value={person.certNo}
          onChange={(certNo) => changeCertificate({ certNo: certNo.toUpperCase() })}
          maxLength={20}
        />
      </Field>
      <Field label="证件有效期" error={err('certTime')}>
        <Radio.Group
          value={person.certTime}
          onChange={(value) =>
            onChange({ certTime: Number(value), ...(value === 1 ? { certEndDate: '' } : {}) })
          }
        >
          <Radio value={0} style={{ marginRight: 24 }}>
            有截止日期
          </Radio>
          <Radio value={1}>长期有效</Radio>
        </Radio.Group>
      </Field>
      <Field label="有效期起始日期" error={err('certStartDate')} htmlFor={id('certStartDate')}>
        <input
          id={id('certStartDate')}
          type="date"
          value={person.certStartDate}
          max={today}
          onChange={(e) => onChange({ certStartDate: e.target.value })}
        />
      </Field>
      {person.certTime !== 1 && (
        <Field label="有效期截止日期" error={err('certEndDate')} htmlFor={id('certEndDate')}>
          <input
            id={id('certEndDate')}
            type="date"
            value={person.certEndDate}
            min={today}
            onChange={(e) => onChange({ certEndDate: e.target.value })}
          />
        </Field>
      )}
      <Field label={derived ? '性别（根据证件号码）' : '性别'} error={err('gender')}>
        <Radio.Group value={person.gender || null} onChange={(value) => onChange({ gender: String(value) })}>
          <Radio value="M" disabled={Boolean(derived)} style={{ marginRight: 24 }}>
            男
          </Radio>
          <Radio value="F" disabled={Boolean(derived)}>
            女
          </Radio>
        </Radio.Group>
      </Field>
      <Field
        label={derived ? '出生日期（根据证件号码）' : '出生日期'}
        error={err('birthday')}
        htmlFor={id('birthday')}
      >
        <input
          id={id('birthday')}
          type="date"
          value={person.birthday}
          max={today}
          disabled={Boolean(derived)}
          onChange={(e) => onChange({ birthday: e.target.value })}
        />
      </Field>
    </>
  )
}
