import { useEffect } from 'react'
import { Radio } from '../../components/check/Check'
import { useSnapshot } from 'valtio'
import { ContactFields } from '../../components/flow/ContactFields'
import { Field, PersonFields, type FieldErrors } from '../../components/flow/PersonFields'
import {
  insuredFromHolder,
  isCertificateType,
  relationName,
  RELATIONS,
  SELF_RELATION,
  validateHolder,
  validateInsured,
  type PersonInput,
} from '../../domain/applicant'
import { ageOn, coverStartDate, isIsoDate } from '../../domain/age'
import { occupationRefused } from '../../domain/occupation'
import { chargePeriodOf } from '../../domain/periods'
import { apiErrorOf } from '../../lib/request'
import { toast } from '../../components/notice'
import type { PartnerProduct, PartnerQuoteRequest } from './api'
import type { FlowBinding, PartnerSections } from './flowState'
import { OccupationPicker } from './OccupationPicker'
import { REFUSED_TEXT } from './occupationText'

// The policyholder and insured of a partner application: the shared person fields, the occupation where the
// product asks for it, and the checks the server runs again.

type InsuredSection = PartnerSections['insured']

/** The insured as it is sent: under 本人 the holder's person fields. */
export function effectiveInsured({ holder, insured }: PartnerSections): InsuredSection {
  return insured.relationType === SELF_RELATION
    ? {
        ...insuredFromHolder(holder, insured),
        // One person, one occupation: the holder's where the form asked the holder for it.
        occupationinfo: insured.occupationinfo || holder.occupationinfo,
        occupationinfoText: insured.occupationinfoText || holder.occupationinfoText,
      }
    : insured
}

function checkOccupation(
  errors: FieldErrors,
  field: string,
  code: string | undefined,
  refused: readonly number[],
  who: string,
) {
  if (!code) errors[field] ??= `请选择${who}职业`
  else if (occupationRefused(code, refused)) errors[field] ??= REFUSED_TEXT
}

/**
 * Field errors keyed like the form's ids (holder.name, insured.phone, insured.occupationinfo). `startDate` is the
 * cover's own first day (the flight's day, the trip's start; else tomorrow): ages count on it, as on the server.
 */
export function validateApplicant(
  sections: PartnerSections,
  product: PartnerProduct,
  today: string,
  startDate?: string,
): FieldErrors {
  const isSelf = sections.insured.relationType === SELF_RELATION
  const insured = effectiveInsured(sections)
  const errors: FieldErrors = {}
  const coverStart = coverStartDate(today, startDate || null)
  for (const e of [
    ...validateHolder(sections.holder, today),
    ...validateInsured(insured, sections.holder, today, coverStart),
  ]) {
    // Under 本人 the insured's person fields are the holder's: show their errors there.
    const field =
      isSelf &&
      e.field.startsWith('insured.') &&
      !/\.(phone|email|hasSocialInsurance|relationType)$/.test(e.field)
        ? e.field.replace('insured.', 'holder.')
        : e.field
    errors[field] ??= e.message
  }
  const ageField = isSelf ? 'holder.birthday' : 'insured.birthday'
  if (isIsoDate(insured.birthday) && !errors[ageField]) {
    const age = ageOn(insured.birthday, coverStart)
    if (age < product.ageMin || age > product.ageMax)
      errors[ageField] =
        `被保险人在保障起始日（${coverStart}）的年龄须在${product.ageMin}至${product.ageMax}周岁之间`
  }
  if (product.occupationRequired && !(isSelf && product.holderOccupationRequired))
    checkOccupation(
      errors,
      'insured.occupationinfo',
      insured.occupationinfo,
      product.refusedOccupationClasses,
      '被保险人',
    )
  if (product.holderOccupationRequired)
    checkOccupation(
      errors,
      'holder.occupationinfo',
      sections.holder.occupationinfo,
      product.refusedOccupationClasses,
      '投保人',
    )
  return errors
}

/** The quote request from the state (the server prices it from its own product). */
export function quoteRequest(
  sections: PartnerSections,
  product: PartnerProduct,
  journey: Pick<PartnerQuoteRequest, 'flight' | 'trip'> = {},
): PartnerQuoteRequest {
  const insured = effectiveInsured(sections)
  const person = (p: PersonInput & { occupationinfo?: string; occupationinfoText?: string }) => ({
    name: p.name.trim(),
    certType: p.certType as PartnerQuoteRequest['holder']['certType'],
    certNo: p.certNo.trim().toUpperCase(),
    certTime: (p.certTime === 1 ? 1 : 0) as 0 | 1,
    certStartDate: p.certStartDate || undefined,
    certEndDate: p.certTime === 1 ? undefined : p.certEndDate || undefined,
    gender: p.gender,
    birthday: p.birthday,
    ...(p.occupationinfo
      ? { occupationinfo: p.occupationinfo, occupationinfoText: p.occupationinfoText }
      : {}),
  })
  return {
    productId: product.id,
    holder: { ...person(sections.holder), phone: sections.insured.phone.trim() || undefined },
    insured: {
      ...person(insured),
      relationType: insured.relationType as PartnerQuoteRequest['insured']['relationType'],
      hasSocialInsurance: insured.hasSocialInsurance === 'N' ? 'N' : 'Y',
      phone: insured.phone.trim() || undefined,
      email: insured.email.trim() || undefined,
    },
    product: {
      // The product's payment period, as the order will be (the server decides it the same way).
      chargePeriodType: chargePeriodOf(product.paymentPeriod),
      firstPremium: sections.product.firstPremium || undefined,
      productType: sections.product.productType,
      productPrice: sections.product.productPrice,
    },
    ...journey,
  }
}

/** A 400's field details as form errors (the server names the field as holder.x / insured.x). */
export function serverFieldErrors(error: unknown): FieldErrors {
  const found: FieldErrors = {}
  for (const d of apiErrorOf(error)?.details ?? []) {
    if (typeof d === 'object' && d !== null && 'field' in d && 'message' in d) {
      const { field, message } = d as { field: unknown; message: unknown }
      if (typeof field === 'string' && typeof message === 'string') found[field] ??= message
    }
  }
  return found
}

/** The spec's state defaults to the partner code CERT (resident ID); the form speaks the shared enum. */
export function useFormCertTypes(binding: FlowBinding) {
  useEffect(() => {
    if (!isCertificateType(binding.state.holder.certType)) binding.write('holder', { certType: 'ID_CARD' })
    if (!isCertificateType(binding.state.insured.certType)) binding.write('insured', { certType: 'ID_CARD' })
  }, [binding])
}

export function ApplicantFields({
  binding,
  product,
  errors,
  today,
  chooseRelation,
}: {
  binding: FlowBinding
  product: PartnerProduct
  errors: FieldErrors
  today: string
  /** The air-accident form asks whom it insures here (the flows asked on 确认信息). */
  chooseRelation?: boolean
}) {
  const { holder, insured } = useSnapshot(binding.state)
  const isSelf = insured.relationType === SELF_RELATION
  const insuredOccupation = (
    <Field label="被保险人职业" error={errors['insured.occupationinfo']} htmlFor="insured-occupationinfo">
      <OccupationPicker
        id="insured-occupationinfo"
        value={insured.occupationinfo ?? ''}
        refusedClasses={product.refusedOccupationClasses}
        onChange={(o) => binding.write('insured', { occupationinfo: o.code, occupationinfoText: o.name })}
      />
    </Field>
  )
  return (
    <>
      <section className="purchase-card">
        <h2>投保人信息</h2>
        <PersonFields
          prefix="holder"
          person={holder}
          errors={errors}
          today={today}
          onChange={(patch) => binding.write('holder', patch)}
        />
        {product.holderOccupationRequired && (
          <Field label="投保人职业" error={errors['holder.occupationinfo']} htmlFor="holder-occupationinfo">
            <OccupationPicker
              id="holder-occupationinfo"
              value={holder.occupationinfo ?? ''}
              refusedClasses={product.refusedOccupationClasses}
              onChange={(o) =>
                binding.write('holder', { occupationinfo: o.code, occupationinfoText: o.name })
              }
            />
          </Field>
        )}
      </section>
      <section className="purchase-card">
        <h2>被保险人信息（{relationName(insured.relationType)}）</h2>
        {chooseRelation && (
          <RelationField
            binding={binding}
            value={insured.relationType}
            error={errors['insured.relationType']}
          />
        )}
        {!chooseRelation && errors['insured.relationType'] && (
          <div className="purchase-field-error" role="alert">
            {errors['insured.relationType']}
          </div>
        )}
        {isSelf ? (
          <p className="purchase-muted">被保险人为投保人本人，信息同上。</p>
        ) : (
          <PersonFields
            prefix="insured"
            person={insured}
            errors={errors}
            today={today}
            onChange={(patch) => binding.write('insured', patch)}
          />
        )}
        {product.occupationRequired && !(isSelf && product.holderOccupationRequired) && insuredOccupation}
        <ContactFields
          phone={insured.phone}
          email={insured.email}
          errors={errors}
          onChange={(patch) => binding.write('insured', patch)}
        />
      </section>
    </>
  )
}

/** Brings the first field needing care into view with the cursor in it. */
export function focusFirstError(errors: FieldErrors) {
  const first = Object.keys(errors)[0]
  if (!first) return
  const element = document.getElementById(first.replace('.', '-'))
  element?.scrollIntoView?.({ block: 'center' })
  element?.focus({ preventScroll: true })
}

/** The form's own check failed: the first field needing care comes into view, the count says how many. */
export function reportFormErrors(errors: FieldErrors): boolean {
  const count = Object.keys(errors).length
  if (!count) return false
  focusFirstError(errors)
  toast('warning', `还有${count}项信息需要完善`)
  return true
}

/** 为谁投保: the insured's relation to the policyholder, written with the flow's rule (changeRelation). */
export function RelationField({
  binding,
  value,
  error,
}: {
  binding: FlowBinding
  value: string
  error?: string
}) {
  return (
    <Field label="为谁投保" error={error}>
      <Radio.Group value={value} onChange={(v) => binding.changeRelation(String(v))}>
        <div className="purchase-choices" id="insured-relationType" role="radiogroup" aria-label="为谁投保">
          {RELATIONS.map((r) => (
            <Radio key={r.code} value={r.code}>
              {r.name}
            </Radio>
          ))}
        </div>
      </Radio.Group>
    </Field>
  )
}
