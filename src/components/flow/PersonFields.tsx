import type { ReactNode } from 'react'
import { Button, Input } from 'antd-mobile'
import { Radio } from '../check/Check'
import { DateField } from '../DateField'
import { PickerField } from '../PickerField'
import { addYears } from '../../domain/age'
import { CERTIFICATE_TYPES } from '../../domain/certificate'
import {
  derivedFromCertificate,
  hasValidityPeriod,
  idValidityFor,
  type PersonInput,
} from '../../domain/applicant'

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
      <label className="purchase-field-label" htmlFor={htmlFor}>
        {label}
      </label>
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
 * a resident ID (or permit) number and locked while it is valid. A resident ID's end date follows from its
 * start date and the age it was issued at (5, 10, 20 years or long-term), so one date is picked, not two;
 * 户口簿 and 出生证明 (children, `childCertificates`) have no validity to ask.
 */
export function PersonFields({
  prefix,
  person,
  errors,
  today,
  onChange,
  childCertificates = false,
}: {
  prefix: 'holder' | 'insured'
  person: PersonInput
  errors: FieldErrors
  today: string
  onChange: (patch: Partial<PersonInput>) => void
  /** Offer 户口簿 and 出生证明 (an insured who may be a child). */
  childCertificates?: boolean
}) {
  const id = (field: string) => `${prefix}-${field}`
  const err = (field: string) => errors[`${prefix}.${field}`]
  const derived = derivedFromCertificate(person.certType, person.certNo, today)
  const isIdCard = person.certType === 'ID_CARD'

  const validity = hasValidityPeriod(person.certType)

  function changeCertificate(patch: Partial<PersonInput>) {
    const next = { ...person, ...patch }
    const fromNumber = derivedFromCertificate(next.certType, next.certNo, today)
    // Documents without validity carry none (long-term, no dates).
    const undated = hasValidityPeriod(next.certType)
      ? {}
      : { certTime: 1, certStartDate: '', certEndDate: '' }
    onChange({ ...patch, ...fromNumber, ...undated })
  }

  /** The start date, and for a resident ID with a known birth date the end date (or long-term) it implies. */
  function changeStart(certStartDate: string) {
    const implied = person.certType === 'ID_CARD' ? idValidityFor(person.birthday, certStartDate) : null
    onChange({ certStartDate, ...implied })
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
        <PickerField
          id={id('certType')}
          title="证件类型"
          value={person.certType}
          options={CERTIFICATE_TYPES.filter((t) => childCertificates || !t.minorsOnly).map((t) => ({
            value: t.type as string,
            label: t.name,
          }))}
          onChange={(certType) => changeCertificate({ certType })}
        />
      </Field>
      <Field label="证件号码" error={err('certNo')} htmlFor={id('certNo')}>
        <div className="purchase-inline">
          <Input
            id={id('certNo')}
            placeholder="请输入证件号码"
            value={person.certNo}
            // Resident IDs are digits (the keypad), with an X key below when the last character is due.
            inputMode={isIdCard ? 'numeric' : 'text'}
            autoComplete="off"
            onChange={(certNo) => changeCertificate({ certNo: certNo.toUpperCase() })}
            maxLength={isIdCard ? 18 : 20}
          />
          {isIdCard && person.certNo.length === 17 && (
            <Button size="mini" onClick={() => changeCertificate({ certNo: `${person.certNo}X` })}>
              输入X
            </Button>
          )}
        </div>
      </Field>
      {validity && (
        <>
          <Field label="证件有效期" error={err('certTime')}>
            <Radio.Group
              value={person.certTime}
              onChange={(value) =>
                onChange({ certTime: Number(value), ...(value === 1 ? { certEndDate: '' } : {}) })
              }
            >
              <div className="purchase-choices">
                <Radio value={0}>有截止日期</Radio>
                <Radio value={1}>长期有效</Radio>
              </div>
            </Radio.Group>
          </Field>
          <Field label="有效期起始日期" error={err('certStartDate')} htmlFor={id('certStartDate')}>
            <DateField
              id={id('certStartDate')}
              title="证件有效期起始日期"
              value={person.certStartDate}
              min={addYears(today, -60)}
              max={today}
              onChange={changeStart}
            />
          </Field>
          {person.certTime !== 1 && (
            <Field label="有效期截止日期" error={err('certEndDate')} htmlFor={id('certEndDate')}>
              <DateField
                id={id('certEndDate')}
                title="证件有效期截止日期"
                value={person.certEndDate}
                min={today}
                max={addYears(today, 30)}
                onChange={(certEndDate) => onChange({ certEndDate })}
              />
            </Field>
          )}
        </>
      )}
      <Field label={derived ? '性别（根据证件号码）' : '性别'} error={err('gender')}>
        <Radio.Group value={person.gender || null} onChange={(value) => onChange({ gender: String(value) })}>
          <div className="purchase-choices">
            <Radio value="M" disabled={Boolean(derived)}>
              男
            </Radio>
            <Radio value="F" disabled={Boolean(derived)}>
              女
            </Radio>
          </div>
        </Radio.Group>
      </Field>
      <Field
        label={derived ? '出生日期（根据证件号码）' : '出生日期'}
        error={err('birthday')}
        htmlFor={id('birthday')}
      >
        <DateField
          id={id('birthday')}
          title="出生日期"
          value={person.birthday}
          min={addYears(today, -100)}
          max={today}
          disabled={Boolean(derived)}
          onChange={(birthday) => onChange({ birthday })}
        />
      </Field>
    </>
  )
}
