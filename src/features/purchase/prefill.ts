import { useEffect, useRef } from 'react'
import { useMe } from '../member/api'
import { useOrders } from '../orders/api'
import type { FamilyMember } from '../family/api'
import type { ProductDetail } from '../catalog/api'
import { ageOn } from '../../domain/age'
import { HOLDER_MIN_AGE, SELF_RELATION, relationCanFit } from '../../domain/applicant'
import { insurableAgeProblem } from '../../domain/pricing'
import { editHolder, editInsured, purchaseDraft, replaceInsured } from './draft'
import { insureMember, memberProblem } from './InsuredChooser'

/** The orders usePrefill asks for: all of them, the newest (whose holder it copies) first. */
export const PREFILL_STATUSES: readonly string[] = []

/**
 * What the buyer has told us before need not be typed again: an empty holder is filled from the last order
 * (name, certificate, validity, birth date, gender); an empty insured phone gets the login phone. Runs once per
 * visit of the form, once the draft is open (`ready`), and never overwrites a typed value. (The real-name
 * record's name is masked, so it fills nothing; its birth date prices the trial.)
 *
 * Says whether the account and the last order have been asked for (answered or failed): until then the form is
 * not shown, so a quick tap never checks an empty form that was about to be filled.
 */
export function usePrefill(ready: boolean): boolean {
  const account = useMe()
  const me = account.data
  const orders = useOrders(PREFILL_STATUSES)
  const done = useRef(false)
  const settled = (me !== undefined || Boolean(account.error)) && Boolean(orders.data || orders.error)
  useEffect(() => {
    if (done.current || !ready || !settled) return
    done.current = true
    const { holder, insured } = purchaseDraft
    if (!holder.name && !holder.certNo) {
      const last = orders.data?.items[0]?.holder
      if (last) {
        const { name, certType, certNo, certTime, certStartDate, certEndDate, gender, birthday } = last
        editHolder({ name, certType, certNo, certTime, certStartDate, certEndDate, gender, birthday })
      }
    }
    if (!insured.phone && me?.phone) editInsured({ phone: me.phone })
  }, [ready, settled, me, orders.data])
  return settled
}

/** The buyer's own birth date as far as known: typed (or prefilled) ID, else the real-name record. */
export function useSelfBirthday(holderBirthday: string): string {
  const me = useMe().data
  return holderBirthday || me?.realName?.birthDate || ''
}

/**
 * The insured starts as someone the product covers: 本人 when the buyer fits its ages, else the first saved
 * family member who does, else a new 父母, 配偶 or 子女 who can be of its ages (子女 for a children's product) —
 * never an insured the form would refuse later. Once per visit, and only while the insured is the untouched
 * default (本人, nothing typed).
 */
export function useDefaultInsured(
  ready: boolean,
  product: ProductDetail | undefined,
  members: readonly FamilyMember[] | undefined,
  membersSettled: boolean,
  selfBirthday: string,
  effectiveDate: string,
): void {
  const done = useRef(false)
  useEffect(() => {
    if (done.current || !ready || !product || !membersSettled) return
    done.current = true
    const { insured } = purchaseDraft
    if (insured.relationType !== SELF_RELATION || insured.name || insured.certNo) return
    const selfFits =
      product.ageMax >= HOLDER_MIN_AGE &&
      (!selfBirthday || insurableAgeProblem(product, selfBirthday, effectiveDate) === null)
    if (selfFits) return
    const member = members?.find((m) => memberProblem(m, product, effectiveDate) === null)
    // A new someone the chooser offers: a parent if one can be of the product's ages, else a spouse, else a child.
    const selfAge = selfBirthday ? ageOn(selfBirthday, effectiveDate) : null
    const relation = ['4', '2', '3'].find((r) => relationCanFit(r, product, selfAge)) ?? '3'
    if (member) insureMember(member, insured)
    else
      replaceInsured({
        phone: insured.phone,
        email: insured.email,
        hasSocialInsurance: insured.hasSocialInsurance,
        relationType: relation,
      })
  }, [ready, product, members, membersSettled, selfBirthday, effectiveDate])
}
