import type { ScreenRoute } from '../../types/route'
import { purchasePaths } from './paths'

export const purchaseRoutes: ScreenRoute[] = [
  { path: purchasePaths.specialNotify, title: '投保须知', load: () => import('./SpecialNotifyPage') },
  { path: purchasePaths.insured, title: '选择被保险人', load: () => import('./InsuredPage') },
  {
    path: purchasePaths.healthNotification,
    title: '健康告知',
    load: () => import('./HealthNotificationPage'),
  },
  { path: purchasePaths.insuredCheck, title: '核保结果', load: () => import('./InsuredCheckPage') },
  { path: purchasePaths.infoFill, title: '填写投保信息', load: () => import('./InfoFillPage') },
  {
    path: purchasePaths.confirmReceiveInfo,
    title: '确认投保信息',
    load: () => import('./ConfirmReceiveInfoPage'),
  },
  { path: purchasePaths.pay, title: '支付', load: () => import('./PayPage') },
  { path: purchasePaths.payQrCode, title: '扫码支付', load: () => import('./PayQrCodePage') },
  { path: purchasePaths.sandboxPay, title: '沙箱支付', load: () => import('./SandboxPayPage') },
  { path: purchasePaths.payResult, title: '支付结果', load: () => import('./PayResultPage') },
  {
    path: purchasePaths.collectFreePolicy,
    title: '确认领取',
    load: () => import('./CollectFreePolicyPage'),
  },
  { path: purchasePaths.paySuccess, title: '投保成功', load: () => import('./PaySuccessPage') },
]
