import { withQuery } from '../../lib/href'

// Points (积分): the tab, daily sign-in and the ledger. Paths as the specification names the screens.

export const pointsPaths = {
  points: '/points',
  signIn: '/signIn',
  ledger: '/signInList',
  gift: '/signIn/giftDetail/:goodsName',
  exchange: '/signIn/exchangeDetail/:id',
} as const

export const pointsHref = () => pointsPaths.points
export const signInHref = () => pointsPaths.signIn
/** 积分明细, on the 获得 / 支出 tab or all. */
export const pointsLedgerHref = (direction?: 'earn' | 'spend') => withQuery(pointsPaths.ledger, { direction })
export const giftHref = (goodsName: string) => `/signIn/giftDetail/${encodeURIComponent(goodsName)}`
export const exchangeHref = (id: string) => `/signIn/exchangeDetail/${encodeURIComponent(id)}`
export const backToPoints = { to: pointsPaths.points, label: '返回积分' }
