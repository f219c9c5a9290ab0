// App identity and the project variant.
export const PROJECT_VARIANT = 'guoheng'

export const APP_INFO = {
  displayName: '国恒保险商城',
  companyName: '国恒保险经纪有限公司（演示）',
  sloganImage: '/images/slogan.svg',
  icon: '/icon.svg',
} as const

/** The WeChat share card of a screen without a config page's own (its title is the screen's). */
export const DEFAULT_SHARE_CARD = {
  desc: '国恒保险商城：在线投保、保单查询与理赔服务',
  image: APP_INFO.icon,
} as const
