import { useEffect } from 'react'
import { proxy, snapshot, subscribe, useSnapshot, type Snapshot } from 'valtio'
import { SELF_RELATION, type InsuredInput, type PersonInput } from '../../domain/applicant'
import { isPlainObject, type PlainObject } from '../../state/createStore'
import { sanitize } from '../../state/persist'
import type { OrderApplication } from './api'

// The purchase draft: the one owner of what a buyer is buying (plan and factors) and for whom (holder and
// insured). Every step reads it; the price is a function of it (purchasePrice.ts). It is not part of
// persist:root (the spec keeps only user and jtcState there): it survives a reload in sessionStorage, per
// product, so ID numbers leave the device with the tab, and a second tab has its own.

/** The plan and periods being bought: the entry's (the premium trial's) until the application records them. */
export interface PurchaseFactors {
  planCode: string
  coveragePeriod: string
  paymentPeriod: string
  /** 一键续保: the day the new cover starts (priced for that day); '' = the usual next day. */
  effectiveDate: string
}

/** The premium trial's insured (product page), which prices the purchase until the real one is typed. */
export interface TrialInsured {
  birthDate: string
  gender: string
  socialInsurance: string
}

export interface PurchaseDraft {
  /** The product this draft buys; '' until a step opens one. */
  productId: string
  /** The server's application (its gates and the order's source); '' before it exists. */
  applicationId: string
  factors: PurchaseFactors
  trial: TrialInsured
  /** 投保人 */
  holder: PersonInput
  /** 被保险人 (under 本人 its person fields are the holder's, copied on 下一步). */
  insured: InsuredInput
  /** Where a paper policy or gift is mailed (products that need it). */
  address: PostalAddress
}

export interface PostalAddress {
  recipient: string
  phone: string
  region: string
  detail: string
}

export type PurchaseDraftView = Snapshot<PurchaseDraft>

const blankHolder = (): PersonInput => ({
  name: '',
  certType: 'ID_CARD',
  certNo: '',
  certTime: 0,
  certStartDate: '',
  certEndDate: '',
  gender: '',
  birthday: '',
})

const blankInsured = (): InsuredInput => ({
  ...blankHolder(),
  relationType: SELF_RELATION,
  hasSocialInsurance: 'Y',
  phone: '',
  email: '',
})

const blankDraft = (productId: string): PurchaseDraft => ({
  productId,
  applicationId: '',
  factors: { planCode: '', coveragePeriod: '', paymentPeriod: '', effectiveDate: '' },
  trial: { birthDate: '', gender: '', socialInsurance: '' },
  holder: blankHolder(),
  insured: blankInsured(),
  address: { recipient: '', phone: '', region: '', detail: '' },
})

/** The draft of the purchase in progress (a valtio proxy: read it with useSnapshot or usePurchaseDraft). */
export const purchaseDraft = proxy<PurchaseDraft>(blankDraft(''))

export const draftKey = (productId: string) => `mall:applicationDraft:${productId}`

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null
  }
}

/** The stored draft of a product, cleaned against the blank one; null when absent or corrupt. */
function readDraft(productId: string): PurchaseDraft | null {
  const text = storage()?.getItem(draftKey(productId))
  if (!text) return null
  try {
    const stored: unknown = JSON.parse(text)
    if (!isPlainObject(stored)) return null
    const blank = blankDraft(productId)
    const section = <T extends object>(name: keyof PurchaseDraft, fallback: T): T =>
      (sanitize(fallback as PlainObject, stored[name]) as T | null) ?? fallback
    return {
      productId,
      applicationId: typeof stored.applicationId === 'string' ? stored.applicationId : '',
      factors: section('factors', blank.factors),
      trial: section('trial', blank.trial),
      holder: section('holder', blank.holder),
      insured: section('insured', blank.insured),
      address: section('address', blank.address),
    }
  } catch {
    // A corrupt draft starts clean rather than breaking the flow.
    return null
  }
}

function replaceDraft(next: PurchaseDraft): void {
  Object.assign(purchaseDraft, next)
}

// Every change is written back (the browser only; the server renders blank drafts).
if (typeof window !== 'undefined')
  subscribe(purchaseDraft, () => {
    const { productId } = purchaseDraft
    if (!productId) return
    try {
      storage()?.setItem(draftKey(productId), JSON.stringify(snapshot(purchaseDraft)))
    } catch {
      // Storage full or blocked: the flow still works, only without reload survival.
    }
  })

/** Makes `productId`'s draft the current one (its stored draft, or a blank one); nothing when it already is. */
export function openDraft(productId: string): void {
  if (purchaseDraft.productId === productId) return
  replaceDraft(readDraft(productId) ?? blankDraft(productId))
}

/**
 * The entry (/specialNotify before an application): a fresh draft with the trial's plan, periods and insured.
 * Nothing changes when the draft already holds exactly that entry (so a re-render keeps what it has).
 */
export function enterPurchase(productId: string, factors: PurchaseFactors, trial: TrialInsured): void {
  const d = purchaseDraft
  const same =
    d.productId === productId &&
    d.applicationId === '' &&
    JSON.stringify(d.factors) === JSON.stringify(factors) &&
    JSON.stringify(d.trial) === JSON.stringify(trial)
  if (same) return
  const fresh = blankDraft(productId)
  const social = trial.socialInsurance === 'N' ? 'N' : 'Y'
  replaceDraft({
    ...fresh,
    factors: { ...factors },
    trial: { ...trial },
    insured: {
      ...fresh.insured,
      birthday: trial.birthDate,
      gender: trial.gender,
      hasSocialInsurance: social,
    },
  })
}

/** The server's application is the record of the plan: the draft takes its id, plan and periods. */
export function adoptApplication(application: OrderApplication): void {
  const d = purchaseDraft
  if (d.productId !== application.productId) return
  const factors: PurchaseFactors = {
    planCode: application.planCode,
    coveragePeriod: application.coveragePeriod,
    paymentPeriod: application.paymentPeriod,
    effectiveDate: application.renewal?.startDate ?? '',
  }
  if (d.applicationId !== application.id) d.applicationId = application.id
  if (JSON.stringify(d.factors) !== JSON.stringify(factors)) d.factors = factors
}

export function editHolder(patch: Partial<PersonInput>): void {
  Object.assign(purchaseDraft.holder, patch)
}

export function editInsured(patch: Partial<InsuredInput>): void {
  Object.assign(purchaseDraft.insured, patch)
}

export function editAddress(patch: Partial<PostalAddress>): void {
  Object.assign(purchaseDraft.address, patch)
}

/** A different insured: the section starts afresh with what is given (fields not given are blank). */
export function replaceInsured(insured: Partial<InsuredInput>): void {
  purchaseDraft.insured = { ...blankInsured(), ...insured }
}

/** The order is made: the product's draft goes, and the next purchase starts blank. */
export function finishDraft(productId: string): void {
  storage()?.removeItem(draftKey(productId))
  if (purchaseDraft.productId === productId) replaceDraft(blankDraft(''))
}

/** Back to no draft (the stored ones stay): for tests and sign-out. */
export function closeDraft(): void {
  replaceDraft(blankDraft(''))
}

/**
 * A step's view of the draft of `productId`: opened on mount (stored drafts are read in the browser only, so
 * server-rendered HTML matches), and `ready` once it is this product's. With `application`, the draft follows
 * the server's record of it.
 */
export function usePurchaseDraft(
  productId: string | null,
  application?: OrderApplication,
): PurchaseDraftView & { ready: boolean } {
  const draft = useSnapshot(purchaseDraft)
  useEffect(() => {
    if (productId) openDraft(productId)
  }, [productId])
  const ready = productId !== null && draft.productId === productId
  useEffect(() => {
    if (ready && application) adoptApplication(application)
  }, [ready, application])
  return { ...draft, ready }
}
