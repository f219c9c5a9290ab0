import { beforeEach, describe, expect, it, vi } from 'vitest'
import { snapshot } from 'valtio'
import { flowBindings, partnerDraftKey } from '../../../../src/features/partners/flowState'

// The three application states as the partner screens write them: huatai and huatairegression replace a
// section, huataitravel deep-merges; spec defaults; drafts that survive a reload and start clean if corrupt.

beforeEach(() => {
  sessionStorage.clear()
  for (const b of Object.values(flowBindings)) b.reset()
})

describe('spec defaults', () => {
  it.each(['huatai', 'huatairegression', 'huataitravel'] as const)('%s starts as the spec says', (key) => {
    const { holder, insured, product } = snapshot(flowBindings[key].state)
    expect(insured).toMatchObject({
      relationType: '1',
      hasSocialInsurance: 'Y',
      certType: 'CERT',
      certTime: 0,
    })
    expect(holder).toMatchObject({ certType: 'CERT', certTime: 0, name: '' })
    expect(product.chargePeriodType).toBe('year')
  })

  it('gives travel 03800001 at price 1 and regression 02WY0004 at price 299, both with occupation fields', () => {
    expect(snapshot(flowBindings.huataitravel.state).product).toMatchObject({
      productType: '03800001',
      productPrice: 1,
    })
    expect(snapshot(flowBindings.huatairegression.state).product).toMatchObject({
      productType: '02WY0004',
      productPrice: 299,
    })
    expect(flowBindings.huataitravel.state.insured.occupationinfo).toBe('')
    expect(flowBindings.huatairegression.state.holder.occupationinfoText).toBe('')
    expect('occupationinfo' in flowBindings.huatai.state.insured).toBe(false)
  })
})

describe('replace vs deep-merge', () => {
  const typeInsured = (key: 'huatai' | 'huatairegression' | 'huataitravel') => {
    const b = flowBindings[key]
    b.changeRelation('3')
    b.write('insured', { name: '张小明', certNo: '110101201503078512', phone: '13800138000' })
    b.changeRelation('2')
    return snapshot(b.state).insured
  }

  it('huatai and huatairegression start the insured afresh when the relation changes (replaceSection)', () => {
    for (const key of ['huatai', 'huatairegression'] as const) {
      const insured = typeInsured(key)
      expect(insured.relationType).toBe('2')
      expect(insured.name).toBe('')
      expect(insured.certNo).toBe('')
      // Contact fields belong to the application, not the person: kept.
      expect(insured.phone).toBe('13800138000')
    }
  })

  it('huataitravel merges the relation and keeps what was typed (update)', () => {
    const insured = typeInsured('huataitravel')
    expect(insured).toMatchObject({ relationType: '2', name: '张小明', certNo: '110101201503078512' })
  })

  it('a section write keeps the other sections and the section’s other fields', () => {
    const b = flowBindings.huatairegression
    b.write('holder', { name: '张三' })
    b.write('holder', { occupationinfo: '0000001', occupationinfoText: '办公室人员' })
    b.write('product', { chargePeriodType: 'single' })
    const state = snapshot(b.state)
    expect(state.holder).toMatchObject({ name: '张三', occupationinfo: '0000001', certType: 'CERT' })
    expect(state.product).toMatchObject({
      chargePeriodType: 'single',
      productType: '02WY0004',
      productPrice: 299,
    })
  })
})

describe('drafts', () => {
  /** A reload: fresh modules (fresh stores), the same sessionStorage. */
  async function reload() {
    vi.resetModules()
    return import('../../../../src/features/partners/flowState')
  }

  it('survive a reload, per flow', async () => {
    sessionStorage.setItem(
      partnerDraftKey('huataitravel'),
      JSON.stringify({
        sections: {
          holder: { name: '王五', occupationinfo: '0000001', occupationinfoText: '办公室人员' },
          insured: { relationType: '3' },
          product: {},
        },
        extras: { healthAnswers: { q1: false }, quote: { quoteId: 'qt-1', premiumFen: 100, expiresAt: 'x' } },
      }),
    )
    const fresh = await reload()
    const binding = fresh.restorePartnerDraft('huataitravel')
    expect(snapshot(binding.state).holder).toMatchObject({
      name: '王五',
      occupationinfo: '0000001',
      certType: 'CERT',
    })
    expect(binding.state.insured.relationType).toBe('3')
    // Fields the draft did not have keep the spec defaults.
    expect(snapshot(binding.state).product).toMatchObject({ productType: '03800001', productPrice: 1 })
    expect(snapshot(binding.extras)).toMatchObject({
      healthAnswers: { q1: false },
      quote: { quoteId: 'qt-1' },
    })
    // Another flow's state is untouched.
    expect(fresh.flowBindings.huatai.state.holder.name).toBe('')
  })

  it('start clean from a corrupt draft, and drop fields of the wrong kind', async () => {
    sessionStorage.setItem(partnerDraftKey('huatai'), '{not json')
    sessionStorage.setItem(
      partnerDraftKey('huatairegression'),
      JSON.stringify({
        sections: { holder: { name: 42, certTime: 'x' }, insured: [], product: null },
        extras: 7,
      }),
    )
    const fresh = await reload()
    expect(snapshot(fresh.restorePartnerDraft('huatai').state).holder.name).toBe('')
    expect(sessionStorage.getItem(partnerDraftKey('huatai'))).toBeNull()
    const regression = snapshot(fresh.restorePartnerDraft('huatairegression').state)
    expect(regression.holder).toMatchObject({ name: '', certTime: 0 })
    expect(regression.insured.relationType).toBe('1')
    expect(regression.product.productPrice).toBe(299)
  })
})
