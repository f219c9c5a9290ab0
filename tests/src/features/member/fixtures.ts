import type { Me } from '../../../../src/types/generated/api/auth'

// The logged-in user of the user-area tests, as GET /api/me answers.
export const me = (extra: Partial<Me> = {}): Me => ({
  id: 'u1',
  phone: '13912340001',
  phoneMasked: '139****0001',
  nickname: '用户0001',
  avatar: null,
  realName: null,
  createdAt: '2026-11-22T12:00:00.000+08:00',
  ...extra,
})
