import type { Claim } from '../../../../src/types/generated/api/claim'

// A claim as GET /api/claims/:id answers, waiting under review unless told otherwise.
export const claim = (extra: Partial<Claim> = {}): Claim => ({
  id: 'c1',
  claimNo: 'LP202611250001',
  policyId: 'pol1',
  policyNo: 'GH2026112200001',
  productName: '百万医疗险（升级版）',
  insuredName: '张*',
  type: 'medical',
  typeName: '医疗费用报销',
  eventDate: '2026-11-20',
  place: '上海市徐汇区',
  description: '急性肠胃炎住院三天。',
  amountFen: 356_000,
  payee: { name: '张*', bankName: '招商银行', cardMasked: '**** **** **** 1234' },
  status: 'UNDER_REVIEW',
  needed: [],
  paidFen: null,
  decision: null,
  documents: [
    { id: 'm1', kind: 'id_card', url: '/api/media/m1', addedAt: '2026-11-25T10:00:00.000+08:00' },
    { id: 'm2', kind: 'invoice', url: '/api/media/m2', addedAt: '2026-11-25T10:00:00.000+08:00' },
    { id: 'm3', kind: 'invoice', url: '/api/media/m3', addedAt: '2026-11-25T10:00:00.000+08:00' },
  ],
  timeline: [
    { status: 'SUBMITTED', note: '理赔申请已提交', at: '2026-11-25T10:00:00.000+08:00' },
    { status: 'UNDER_REVIEW', note: '理赔审核中，审核员正在核对材料', at: '2026-11-25T10:01:00.000+08:00' },
  ],
  createdAt: '2026-11-25T10:00:00.000+08:00',
  ...extra,
})

/** The same claim once the adjuster asked for an itemised bill. */
export const awaitingDocuments = (): Claim =>
  claim({
    status: 'NEED_SUPPLEMENT',
    needed: [{ kind: 'other', name: '其他材料', least: 1 }],
    timeline: [
      ...claim().timeline,
      {
        status: 'NEED_SUPPLEMENT',
        note: '申请金额在 2,000 元及以上，请补充费用清单（其他材料）1 张',
        at: '2026-11-25T10:02:00.000+08:00',
      },
    ],
  })
