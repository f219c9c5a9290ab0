import { snapshot } from 'valtio'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  adoptApplication,
  closeDraft,
  draftKey,
  editHolder,
  editInsured,
  enterPurchase,
  finishDraft,
  openDraft,
  purchaseDraft,
  replaceInsured,
} from '../../../../src/features/purchase/draft'
import { quoteRequestOf } from '../../../../src/features/purchase/purchasePrice'
import { application } from './fixtures'

// The purchase draft: one store for the plan, the factors and the people, kept per product for this tab.

const TRIAL = { birthDate: '1990-03-07', gender: 'M', socialInsurance: 'N' }
const ENTRY = { planCode: 'standard', coveragePeriod: '1y', paymentPeriod: 'single', effectiveDate: '' }

/** Valtio writes back after the change's microtask. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))
const stored = (productId: string): unknown =>
  JSON.parse(sessionStorage.getItem(draftKey(productId)) ?? 'null')

beforeEach(() => {
  closeDraft()
  sessionStorage.clear()
})

describe('persistence', () => {
  it('writes every change to sessionStorage and reads it back after a reload', async () => {
    enterPurchase('p-med', ENTRY, TRIAL)
    adoptApplication(application())
    editHolder({ name: '张三', certNo: '110101199003078515' })
    await settled()
    expect(stored('p-med')).toMatchObject({ applicationId: 'app-1', holder: { name: '张三' } })

    // A reload: fresh modules (a blank store), the same sessionStorage.
    vi.resetModules()
    const fresh = await import('../../../../src/features/purchase/draft')
    expect(fresh.purchaseDraft.productId).toBe('')
    fresh.openDraft('p-med')
    expect(snapshot(fresh.purchaseDraft)).toMatchObject({
      productId: 'p-med',
      applicationId: 'app-1',
      factors: ENTRY,
      trial: TRIAL,
      holder: { name: '张三', certNo: '110101199003078515', certType: 'ID_CARD' },
      insured: { birthday: '1990-03-07', hasSocialInsurance: 'N' },
    })
  })

  it('keeps one draft per product, and starts blank from a corrupt or foreign one', async () => {
    openDraft('p-a')
    editHolder({ name: '甲' })
    await settled()
    openDraft('p-b')
    expect(purchaseDraft.holder.name).toBe('')
    openDraft('p-a')
    expect(purchaseDraft.holder.name).toBe('甲')

    sessionStorage.setItem(draftKey('p-c'), '{not json')
    openDraft('p-c')
    expect(purchaseDraft).toMatchObject({ productId: 'p-c', applicationId: '', holder: { name: '' } })
    // Fields of the wrong kind fall back to the blank ones; the rest is kept.
    sessionStorage.setItem(
      draftKey('p-d'),
      JSON.stringify({ applicationId: 7, holder: { name: '乙', certTime: 'long' } }),
    )
    openDraft('p-d')
    expect(purchaseDraft.applicationId).toBe('')
    expect(purchaseDraft.holder).toMatchObject({ name: '乙', certTime: 0 })
  })

  it('is gone once the order is made', async () => {
    openDraft('p-med')
    editHolder({ name: '张三' })
    await settled()
    finishDraft('p-med')
    await settled()
    expect(sessionStorage.getItem(draftKey('p-med'))).toBeNull()
    expect(purchaseDraft.productId).toBe('')
  })
})

describe('the entry and the application', () => {
  it('enters a fresh draft with the trial’s insured, and leaves an identical entry alone', () => {
    openDraft('p-med')
    editHolder({ name: '旧的' })
    enterPurchase('p-med', ENTRY, TRIAL)
    expect(purchaseDraft.holder.name).toBe('')
    expect(purchaseDraft.insured).toMatchObject({ birthday: '1990-03-07', gender: 'M', relationType: '1' })
    editHolder({ name: '张三' })
    enterPurchase('p-med', ENTRY, TRIAL)
    expect(purchaseDraft.holder.name).toBe('张三')
  })

  it('takes the plan, periods and renewal start from the application of its product only', () => {
    enterPurchase('p-med', { ...ENTRY, planCode: '' }, TRIAL)
    adoptApplication(
      application({
        planCode: 'plus',
        renewal: { policyId: 'pol-1', policyNo: 'GH1', startDate: '2027-01-01' },
      }),
    )
    expect(purchaseDraft.applicationId).toBe('app-1')
    expect(purchaseDraft.factors).toEqual({ ...ENTRY, planCode: 'plus', effectiveDate: '2027-01-01' })
    adoptApplication(application({ id: 'app-2', productId: 'p-other' }))
    expect(purchaseDraft.applicationId).toBe('app-1')
  })

  it('starts a different insured afresh', () => {
    openDraft('p-med')
    editInsured({ name: '张小花', relationType: '3', phone: '13800138000' })
    replaceInsured({ relationType: '2' })
    expect(purchaseDraft.insured).toMatchObject({ relationType: '2', name: '', phone: '' })
  })
})

describe('quoteRequestOf: the one function the price comes from', () => {
  const draft = () => snapshot(purchaseDraft)

  it('prices the trial’s insured until a birth date and gender are typed', () => {
    enterPurchase('p-med', ENTRY, TRIAL)
    expect(quoteRequestOf(draft())).toEqual({
      productId: 'p-med',
      planCode: 'standard',
      birthDate: '1990-03-07',
      gender: 'M',
      coveragePeriod: '1y',
      paymentPeriod: 'single',
      socialInsurance: 'N',
    })
    // 本人: the holder is the insured person.
    editHolder({ birthday: '1985-06-01', gender: 'F' })
    expect(quoteRequestOf(draft())).toMatchObject({ birthDate: '1985-06-01', gender: 'F' })
    // Someone else: the insured section's person.
    replaceInsured({ relationType: '3', birthday: '2020-02-29', gender: 'F', hasSocialInsurance: 'Y' })
    expect(quoteRequestOf(draft())).toMatchObject({ birthDate: '2020-02-29', socialInsurance: 'Y' })
  })

  it('prices a renewal for the day it starts', () => {
    enterPurchase('p-med', ENTRY, TRIAL)
    adoptApplication(application({ renewal: { policyId: 'p', policyNo: 'n', startDate: '2027-01-01' } }))
    expect(quoteRequestOf(draft())).toMatchObject({ effectiveDate: '2027-01-01' })
  })

  it('is null while the plan or the insured’s birth date or gender is missing', () => {
    enterPurchase('p-med', { ...ENTRY, planCode: '' }, TRIAL)
    expect(quoteRequestOf(draft())).toBeNull()
    enterPurchase('p-med', ENTRY, { ...TRIAL, birthDate: '' })
    expect(quoteRequestOf(draft())).toBeNull()
    enterPurchase('p-med', ENTRY, { ...TRIAL, gender: '' })
    expect(quoteRequestOf(draft())).toBeNull()
  })
})
