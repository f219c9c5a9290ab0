import type { PartnerProduct } from '../../../../src/types/generated/api/partner'

const clauseBody: PartnerProduct['clauses'][number]['body'] = [
  { tag: 'h2', children: ['第一条 保险责任'] },
  { tag: 'p', children: ['被保险人遭受意外伤害的，本公司按约定给付保险金。'] },
]

const base = {
  insurerName: '华汀保险股份有限公司（虚构）',
  coveragePeriod: '1y',
  paymentPeriod: 'single',
  ageMin: 18,
  ageMax: 65,
  clauses: [
    {
      id: 'c1',
      title: '华汀意外伤害保险条款',
      body: clauseBody,
    },
  ],
  notice: '1. 本产品由华汀保险承保。\n2. 请如实填写投保信息。',
  questions: [
    { id: 'q1', text: '被保险人目前是否患有严重疾病？' },
    { id: 'q2', text: '被保险人过去一年内是否住院治疗？' },
  ],
}

export const accident: PartnerProduct = {
  ...base,
  id: 'ht-accident',
  name: '华汀安心意外险',
  flow: 'huatai',
  partnerProductType: '02YW0001',
  priceFen: 9900,
  occupationRequired: false,
  holderOccupationRequired: false,
  refusedOccupationClasses: [],
}

export const regression: PartnerProduct = {
  ...base,
  id: 'ht-regression',
  name: '华汀职护意外险',
  flow: 'huatairegression',
  partnerProductType: '02WY0004',
  priceFen: 29900,
  occupationRequired: true,
  holderOccupationRequired: false,
  refusedOccupationClasses: [5, 6],
}

export const travel: PartnerProduct = {
  ...base,
  id: 'ht-travel',
  name: '华汀畅游境内旅行险',
  flow: 'huataitravel',
  coveragePeriod: '7d',
  ageMax: 70,
  partnerProductType: '03800001',
  priceFen: 100,
  occupationRequired: true,
  holderOccupationRequired: true,
  refusedOccupationClasses: [6],
}

export const air: PartnerProduct = {
  ...base,
  id: 'ht-air',
  name: '华汀航空意外险',
  flow: 'airAccident',
  partnerProductType: '03800002',
  coveragePeriod: '1d',
  ageMax: 80,
  priceFen: 500,
  occupationRequired: false,
  holderOccupationRequired: false,
  refusedOccupationClasses: [],
}
