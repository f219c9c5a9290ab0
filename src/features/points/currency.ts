/** The two currencies of the points ledger, as the screens name them. */
export const CURRENCY = { point: '积分', bean: '金豆' } as const
