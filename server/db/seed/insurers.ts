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

type Rating = 'AAA' | 'AA' | 'A' | 'BBB' | 'BB' | 'B' | 'C' | 'D'

/**
 * What is disclosed about each insurer (211_insurer_disclosures.sql). Invented like the companies: licence
 * numbers, credit codes, addresses, phone numbers (4000-000-9xx) and websites (.example) belong to nobody.
 */
export const INSURER_DISCLOSURES: Record<
  InsurerCode,
  {
    licenceNo: string
    creditCode: string
    registeredAddress: string
    hotline: string
    complaintPhone: string
    website: string
    solvency: { quarter: string; comprehensiveRatioPct: number; coreRatioPct: number; riskRating: Rating }
    serviceRating: { year: number; grade: Rating }
  }
> = {
  QS: {
    licenceNo: '000901',
    creditCode: '91310000MA1Q80901X',
    registeredAddress: '上海市浦东新区青松路 88 号（虚构）',
    hotline: '4000-000-901',
    complaintPhone: '4000-000-911',
    website: 'qingsong-life.example',
    solvency: { quarter: '2026年第3季度', comprehensiveRatioPct: 218, coreRatioPct: 146, riskRating: 'AA' },
    serviceRating: { year: 2025, grade: 'AA' },
  },
  LJ: {
    licenceNo: '000902',
    creditCode: '91440300MA5LJ0902B',
    registeredAddress: '广东省深圳市南山区蓝鲸湾大道 1 号（虚构）',
    hotline: '4000-000-902',
    complaintPhone: '4000-000-912',
    website: 'lanjingwan-pc.example',
    solvency: { quarter: '2026年第3季度', comprehensiveRatioPct: 236, coreRatioPct: 192, riskRating: 'AA' },
    serviceRating: { year: 2025, grade: 'A' },
  },
  YH: {
    licenceNo: '000903',
    creditCode: '91330100MA2YH0903C',
    registeredAddress: '浙江省杭州市西湖区云禾街 16 号（虚构）',
    hotline: '4000-000-903',
    complaintPhone: '4000-000-913',
    website: 'yunhe-health.example',
    solvency: { quarter: '2026年第3季度', comprehensiveRatioPct: 187, coreRatioPct: 131, riskRating: 'A' },
    serviceRating: { year: 2025, grade: 'AA' },
  },
  BL: {
    licenceNo: '000904',
    creditCode: '91110000MA0BL0904D',
    registeredAddress: '北京市朝阳区北麓山路 9 号（虚构）',
    hotline: '4000-000-904',
    complaintPhone: '4000-000-914',
    website: 'beilushan-life.example',
    solvency: { quarter: '2026年第3季度', comprehensiveRatioPct: 205, coreRatioPct: 158, riskRating: 'AAA' },
    serviceRating: { year: 2025, grade: 'AAA' },
  },
  XM: {
    licenceNo: '000905',
    creditCode: '91310000MA1XM0905E',
    registeredAddress: '上海市徐汇区星芒路 200 号（虚构）',
    hotline: '4000-000-905',
    complaintPhone: '4000-000-915',
    website: 'xingmang-pc.example',
    solvency: { quarter: '2026年第3季度', comprehensiveRatioPct: 264, coreRatioPct: 248, riskRating: 'A' },
    serviceRating: { year: 2025, grade: 'A' },
  },
  HQ: {
    licenceNo: '000906',
    creditCode: '91510100MA6HQ0906F',
    registeredAddress: '四川省成都市高新区禾晴大道 66 号（虚构）',
    hotline: '4000-000-906',
    complaintPhone: '4000-000-916',
    website: 'heqing-pension.example',
    solvency: { quarter: '2026年第3季度', comprehensiveRatioPct: 312, coreRatioPct: 275, riskRating: 'AA' },
    serviceRating: { year: 2025, grade: 'AA' },
  },
  HT: {
    licenceNo: '000907',
    creditCode: '91320500MA7HT0907G',
    registeredAddress: '江苏省苏州市工业园区华汀路 7 号（虚构）',
    hotline: '4000-000-907',
    complaintPhone: '4000-000-917',
    website: 'huating-ins.example',
    solvency: { quarter: '2026年第3季度', comprehensiveRatioPct: 198, coreRatioPct: 139, riskRating: 'A' },
    serviceRating: { year: 2025, grade: 'A' },
  },
}

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
