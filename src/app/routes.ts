import type { ScreenRoute } from '../types/route'

// The one route table of hand-written screens. Config pages (page-configs/) are added by the
// page runtime; both are registered under the main layout (/) and the in-app layout (/app/).
// Keep this file free of runtime imports: scripts read it under Node to check config paths.
export const screenRoutes: ScreenRoute[] = [
  { path: '/', title: '国恒保险商城', tab: true, load: () => import('../features/home/HomePage') },
  { path: '/loading', title: '加载中', load: () => import('../features/loading/LoadingPage') },
  {
    path: '/protocol/privacy',
    title: '隐私保护政策',
    load: () => import('../features/protocol/ProtocolPage'),
  },
  {
    path: '/protocol/sensitive',
    title: '个人敏感信息收集使用授权书',
    load: () => import('../features/protocol/ProtocolPage'),
  },
  {
    path: '/protocol/service',
    title: '用户服务协议',
    load: () => import('../features/protocol/ProtocolPage'),
  },
  {
    path: '/protocol/auth',
    title: '实名认证授权书',
    load: () => import('../features/protocol/ProtocolPage'),
  },
  // Browse: catalog, product detail, comparison (issue 5)
  {
    path: '/shopping',
    title: '商城',
    tab: true,
    load: () => import('../features/catalog/shopping/ShoppingPage'),
  },
  { path: '/products', title: '产品列表', load: () => import('../features/catalog/shopping/ProductsPage') },
  {
    path: '/productsSearch',
    title: '搜索',
    load: () => import('../features/catalog/shopping/ProductsSearchPage'),
  },
  { path: '/ranking', title: '排行榜', load: () => import('../features/catalog/shopping/RankingPage') },
  {
    path: '/definition',
    title: '保险名词解释',
    load: () => import('../features/catalog/shopping/DefinitionPage'),
  },
  { path: '/product', title: '产品详情', load: () => import('../features/catalog/product/ProductPage') },
  {
    path: '/productInfo',
    title: '条款及投保须知',
    load: () => import('../features/catalog/product/ProductInfoPage'),
  },
  { path: '/compare/:sc', title: '产品对比', load: () => import('../features/catalog/compare/ComparePage') },
  {
    path: '/compareForA/export',
    title: '对比图片',
    load: () => import('../features/catalog/compare/CompareExportPage'),
  },
  {
    path: '/compareForA/:sc',
    title: '产品对比',
    load: () => import('../features/catalog/compare/CompareForAPage'),
  },
  // User: login, 我的 tab, real-name authentication (issue 3)
  { path: '/Login', title: '登录', load: () => import('../features/member/LoginPage') },
  { path: '/verificationCode', title: '验证码登录', load: () => import('../features/member/LoginPage') },
  { path: '/loginC', title: '登录', load: () => import('../features/member/LoginPage') },
  {
    path: '/loginC/authentication',
    title: '登录并实名认证',
    load: () => import('../features/member/LoginPage'),
  },
  { path: '/user', title: '我的', tab: true, load: () => import('../features/member/UserPage') },
  { path: '/authentication', title: '实名认证', load: () => import('../features/member/AuthenticationPage') },
  // Purchase: gates, forms, orders, sandbox payment, policies (issue 5)
  { path: '/specialNotify', title: '投保须知', load: () => import('../features/purchase/SpecialNotifyPage') },
  { path: '/insured', title: '选择被保险人', load: () => import('../features/purchase/InsuredPage') },
  {
    path: '/healthNotification',
    title: '健康告知',
    load: () => import('../features/purchase/HealthNotificationPage'),
  },
  { path: '/insuredCheck', title: '核保结果', load: () => import('../features/purchase/InsuredCheckPage') },
  { path: '/infoFill', title: '填写投保信息', load: () => import('../features/purchase/InfoFillPage') },
  {
    path: '/confirmReceiveInfo',
    title: '确认投保信息',
    load: () => import('../features/purchase/ConfirmReceiveInfoPage'),
  },
  { path: '/pay', title: '支付', load: () => import('../features/purchase/PayPage') },
  { path: '/payqrcode', title: '扫码支付', load: () => import('../features/purchase/PayQrCodePage') },
  { path: '/pay/sandbox', title: '沙箱支付', load: () => import('../features/purchase/SandboxPayPage') },
  { path: '/skiPay', title: '确认领取', load: () => import('../features/purchase/SkiPayPage') },
  { path: '/paySuccess', title: '投保成功', load: () => import('../features/purchase/PaySuccessPage') },
  { path: '/orders', title: '我的订单', load: () => import('../features/orders/OrdersPage') },
  {
    path: '/orders/orderDetail',
    title: '订单详情',
    load: () => import('../features/orders/OrderDetailPage'),
  },
  { path: '/policy', title: '我的保单', load: () => import('../features/policies/PolicyListPage') },
  {
    path: '/policy/policyDetail',
    title: '电子保单',
    load: () => import('../features/policies/PolicyDetailPage'),
  },
  {
    path: '/policy/policyDetaiU',
    title: '电子保单',
    load: () => import('../features/policies/SharedPolicyPage'),
  },
  {
    path: '/policy/apiPolicyDetail',
    title: '保单详情',
    load: () => import('../features/policies/PolicyDetailPage'),
  },
  // Family: members kept per user, picked as the insured on /insured (issue 5)
  { path: '/familyManage/list', title: '家庭成员', load: () => import('../features/family/FamilyListPage') },
  {
    path: '/familyManage/addEdit',
    title: '家庭成员信息',
    load: () => import('../features/family/FamilyEditPage'),
  },
  { path: '/family/list', title: '家庭成员', load: () => import('../features/family/FamilyListPage') },
  { path: '/family/addEdit', title: '家庭成员信息', load: () => import('../features/family/FamilyEditPage') },
]

/** The four top-level tabs; a tab shows only once its screen is in the route table. */
export const TAB_ITEMS = [
  { key: 'home', path: '/', title: '首页' },
  { key: 'shopping', path: '/shopping', title: '商城' },
  { key: 'points', path: '/points', title: '积分' },
  { key: 'user', path: '/user', title: '我的' },
] as const
