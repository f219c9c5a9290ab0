// App identity and the project variant.
export const PROJECT_VARIANT = 'guoheng'

export const APP_INFO = {
  displayName: '国恒保险商城',
  companyName: '国恒保险经纪有限公司（演示）',
  sloganImage: '/images/slogan.svg',
  icon: '/icon.svg',
} as const
