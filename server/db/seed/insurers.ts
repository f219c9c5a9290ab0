// Demo insurers and categories. Every company is invented; names carry （虚构） so nobody mistakes them.
export const INSURERS = [
  { code: 'QS', name: '青松远航人寿保险股份有限公司（虚构）', shortName: '青松人寿' },
  { code: 'LJ', name: '蓝鲸湾财产保险股份有限公司（虚构）', shortName: '蓝鲸湾财险' },
  { code: 'YH', name: '云禾健康保险股份有限公司（虚构）', shortName: '云禾健康' },
  { code: 'BL', name: '北麓山人寿保险股份有限公司（虚构）', shortName: '北麓山人寿' },
  { code: 'XM', name: '星芒数字财产保险股份有限公司（虚构）', shortName: '星芒财险' },
  { code: 'HQ', name: '禾晴养老保险股份有限公司（虚构）', shortName: '禾晴养老' },
  // The partner insurer selling through its own API (server/modules/partners/huating).
  { code: 'HT', name: '华汀保险股份有限公司（虚构）', shortName: '华汀保险' },
] as const

export const CATEGORIES = [
  { code: 'accident', name: '意外' },
  { code: 'health', name: '健康' },
  { code: 'medical', name: '医疗' },
  { code: 'critical', name: '重疾' },
  { code: 'life', name: '寿险' },
  { code: 'travel', name: '旅行' },
  { code: 'property', name: '财产' },
  { code: 'annuity', name: '年金' },
  { code: 'education', name: '教育金' },
] as const

export type InsurerCode = (typeof INSURERS)[number]['code']
export type CategoryCode = (typeof CATEGORIES)[number]['code']
