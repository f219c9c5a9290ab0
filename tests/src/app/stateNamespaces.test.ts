import { beforeEach, describe, expect, it } from 'vitest'
import { snapshot } from 'valtio'
import { stateNamespaces } from '../../../src/app/stateNamespaces'

const {
  common: commonStore,
  huatai: huataiStore,
  huatairegression: huataiRegressionStore,
  huataitravel: huataiTravelStore,
  jtcState: jtcStore,
  native: nativeStore,
  navbar: navbarStore,
  news: newsStore,
  signIn: signInStore,
  user: userStore,
} = stateNamespaces
const all = Object.values(stateNamespaces)

beforeEach(() => all.forEach((s) => s.reset()))

describe('namespaces and their defaults', () => {
  it('maps each spec namespace kept to the store of that name', () => {
    for (const [name, store] of Object.entries(stateNamespaces)) expect(store.name).toBe(name)
    expect(Object.keys(stateNamespaces).sort()).toEqual(
      [
        'airAccident',
        'common',
        'huatai',
        'huatairegression',
        'huataitravel',
        'jtcState',
        'native',
        'navbar',
        'news',
        'signIn',
        'user',
      ].sort(),
    )
  })

  it('navbar, native, common, user, news, signIn defaults follow the spec', () => {
    expect(snapshot(navbarStore.state)).toEqual({
      category: 'all',
      insurerCodes: [],
      likeTitle: '',
      more: [],
    })
    expect(snapshot(nativeStore.state)).toMatchObject({ device: '', isInApp: false, token: '' })
    expect(nativeStore.state.appInfo.displayName).toBe('国恒保险商城')
    expect(snapshot(commonStore.state)).toEqual({
      apiProduct: [],
      wxUserInfo: {},
      goodsDetail: {},
      inMallApp: false,
    })
    expect(snapshot(userStore.state)).toEqual({
      certiNo: '',
      isRefetchUserInfo: true,
      id: '',
      openId: '',
      userInfo: {},
      unLoginF: false,
    })
    expect(snapshot(newsStore.state)).toEqual({ tag: 'RECOMMEND' })
    expect(snapshot(signInStore.state)).toEqual({
      continuous: 0,
      freezeIntegral: 0,
      usableIntegral: 0,
      monthGainIntegral: 0,
      monthTradeIntegral: 0,
      exchangeDetail: {},
    })
    expect(snapshot(jtcStore.state)).toEqual({ agentInfo: {} })
  })

  it('application states: holder/insured/product defaults, product types of the variants', () => {
    const std = snapshot(huataiStore.state)
    expect(std.holder).toMatchObject({ certType: 'CERT', certTime: 0, name: '', certNo: '' })
    expect(std.holder).not.toHaveProperty('occupationinfo')
    expect(std.insured).toMatchObject({
      relationType: '1',
      hasSocialInsurance: 'Y',
      certType: 'CERT',
      certTime: 0,
    })
    expect(std.product).toEqual({ chargePeriodType: 'year', firstPremium: '' })

    const travel = snapshot(huataiTravelStore.state)
    expect(travel.product).toMatchObject({
      productType: '03800001',
      productPrice: 1,
      chargePeriodType: 'year',
    })
    expect(travel.holder).toMatchObject({ occupationinfo: '', occupationinfoText: '' })
    expect(travel.insured).toMatchObject({ occupationinfo: '', occupationinfoText: '' })

    const regression = snapshot(huataiRegressionStore.state)
    expect(regression.product).toMatchObject({ productType: '02WY0004', productPrice: 299 })
    expect(regression.insured).toHaveProperty('occupationinfoText', '')
  })
})

describe('update, replaceSection, deep merge', () => {
  it('update merges a partial payload and keeps the other fields', () => {
    navbarStore.update({ likeTitle: '意外' })
    expect(navbarStore.state).toMatchObject({ category: 'all', likeTitle: '意外' })
    userStore.update({ id: 'u1', userInfo: { nickname: '小王' } })
    expect(userStore.state.isRefetchUserInfo).toBe(true)
    expect(userStore.state.userInfo).toEqual({ nickname: '小王' })
  })

  it('update does not share references with the payload', () => {
    const codes = ['A']
    navbarStore.update({ insurerCodes: codes })
    codes.push('B')
    expect(navbarStore.state.insurerCodes).toEqual(['A'])
  })

  it('the travel state deep-merges: one holder field changes, the rest of the section stays', () => {
    huataiTravelStore.update({ holder: { name: '张三' } })
    huataiTravelStore.update({ holder: { certNo: '11010519491231002X' } })
    expect(huataiTravelStore.state.holder).toMatchObject({
      name: '张三',
      certNo: '11010519491231002X',
      certType: 'CERT',
    })
    expect(huataiTravelStore.state.product.productType).toBe('03800001')
  })

  it('replaceSection replaces the whole section; unspecified fields go back to defaults', () => {
    huataiStore.update({ insured: { name: '李四', phone: '13800000000', relationType: '2' } })
    huataiStore.replaceSection('insured', { name: '王五' })
    expect(huataiStore.state.insured).toMatchObject({ name: '王五', phone: '', relationType: '1' })
    huataiRegressionStore.replaceSection('product', { firstPremium: '299' })
    expect(huataiRegressionStore.state.product).toMatchObject({
      firstPremium: '299',
      productType: '02WY0004',
    })
  })

  it('reset returns to the defaults', () => {
    signInStore.update({ continuous: 3 })
    signInStore.reset()
    expect(signInStore.state.continuous).toBe(0)
  })
})
