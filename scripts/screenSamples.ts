// A sample URL for every screen route (benchmarks and e2e open each screen once): routes with parameters or a
// query they need get one; ids of orders and policies are made up (the screen shows its not-found state).

const PRODUCT = 'p-medical-million'
const PAIR = 'p-medical-mid,p-medical-million'

const SAMPLES: Record<string, string> = {
  '/product': `/product?id=${PRODUCT}`,
  '/productInfo': `/productInfo?id=${PRODUCT}`,
  '/compare/:sc': `/compare/${PAIR}`,
  '/compareForA/:sc': `/compareForA/${PAIR}`,
  '/compareForA/export': `/compareForA/export?sc=${PAIR}`,
  '/specialNotify': `/specialNotify?productId=${PRODUCT}&plan=standard&coveragePeriod=1y`,
  '/insured': `/insured?productId=${PRODUCT}`,
  '/healthNotification': `/healthNotification?productId=${PRODUCT}`,
  '/pay': '/pay?orderId=o-sample',
  '/payqrcode': '/payqrcode?orderId=o-sample&paymentId=pay-sample',
  '/pay/sandbox': '/pay/sandbox?paymentId=pay-sample',
  '/pay/result': '/pay/result?orderId=o-sample&paymentId=pay-sample',
  '/skiPay': '/skiPay?orderId=o-sample',
  '/paySuccess': '/paySuccess?orderId=o-sample',
  '/orders/orderDetail': '/orders/orderDetail?id=o-sample',
  '/policy/policyDetail': '/policy/policyDetail?id=pol-sample',
  '/policy/apiPolicyDetail': '/policy/apiPolicyDetail?policyId=pol-sample',
  '/policy/policyDetaiU': '/policy/policyDetaiU?token=sample',
  '/family/addEdit': '/family/addEdit?id=m-sample',
  '/signIn/giftDetail/:goodsName': `/signIn/giftDetail/${encodeURIComponent('保温杯')}`,
  '/signIn/exchangeDetail/:id': '/signIn/exchangeDetail/x-sample',
  '/problems': '/problems?id=points-earn',
  '/news/articleDetail/:id': '/news/articleDetail/a-medical-basics',
  '/look/article/:id': '/look/article/a-cooling-off',
  '/look/video/:id': '/look/video/v-claim',
  '/insurance/details': '/insurance/details?id=RULES',
  '/productAppointment/:goodsType': '/productAppointment/highMedical',
  '/InsuranceConsultant': '/InsuranceConsultant?id=c-lin-yue',
  '/orderCounselor': '/orderCounselor?id=c-lin-yue',
  '/insures': '/insures?policyId=pol-sample',
  '/claim/addClaim': '/claim/addClaim?policyId=pol-sample&type=medical',
  '/claim/addClaimSuccess': '/claim/addClaimSuccess?id=cl-sample',
  '/activity/fairness': '/activity/fairness?campaign=trialfee-lottery',
  '/claim/claimDetail': '/claim/claimDetail?id=c-sample',
  '/huaTaiApi': '/huaTaiApi?productId=ht-accident',
  '/huaTaiApi/productDetails': '/huaTaiApi/productDetails?productId=ht-accident',
  '/huaTaiApi/confirmInformation': '/huaTaiApi/confirmInformation?productId=ht-accident',
  '/huaTaiApi/healthNotification': '/huaTaiApi/healthNotification?productId=ht-accident',
  '/huaTaiApi/infoFill': '/huaTaiApi/infoFill?productId=ht-accident',
  '/huaTaiApi/specialNotify': '/huaTaiApi/specialNotify?productId=ht-accident',
  '/huaTaiApiRegression': '/huaTaiApiRegression?productId=ht-regression',
  '/huaTaiApiRegression/productDetails': '/huaTaiApiRegression/productDetails?productId=ht-regression',
  '/huaTaiApiRegression/confirmInformation':
    '/huaTaiApiRegression/confirmInformation?productId=ht-regression',
  '/huaTaiApiRegression/healthNotification':
    '/huaTaiApiRegression/healthNotification?productId=ht-regression',
  '/huaTaiApiRegression/infoFill': '/huaTaiApiRegression/infoFill?productId=ht-regression',
  '/huaTaiApiRegression/specialNotify': '/huaTaiApiRegression/specialNotify?productId=ht-regression',
  '/huaTaiApiTravel': '/huaTaiApiTravel?productId=ht-travel',
  '/huaTaiApiTravel/productDetails': '/huaTaiApiTravel/productDetails?productId=ht-travel',
  '/huaTaiApiTravel/confirmInformation': '/huaTaiApiTravel/confirmInformation?productId=ht-travel',
  '/huaTaiApiTravel/healthNotification': '/huaTaiApiTravel/healthNotification?productId=ht-travel',
  '/huaTaiApiTravel/infoFill': '/huaTaiApiTravel/infoFill?productId=ht-travel',
  '/huaTaiApiTravel/specialNotify': '/huaTaiApiTravel/specialNotify?productId=ht-travel',
  '/insuredSuccess': '/insuredSuccess?orderId=o-sample',
}

/** Screens a visitor sees logged out (the login screens send a logged-in one away). */
export const LOGGED_OUT_SCREENS: ReadonlySet<string> = new Set([
  '/Login',
  '/verificationCode',
  '/loginC',
  '/loginC/authentication',
])

/** The URL to open a screen route at. */
export const sampleUrl = (path: string): string => SAMPLES[path] ?? path
