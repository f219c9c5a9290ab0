// TEMPORARY: the contract's shapes until i16-server's generated types are merged (then imported from src/types/generated/api/partner).

/**
 * 前端流程（huaTaiApi、huaTaiApiRegression、huaTaiApiTravel、airAccident）
 */
export type Flow = 'huatai' | 'huatairegression' | 'huataitravel' | 'airAccident'
/**
 * 产品编号
 */
export type ProductId = string
/**
 * 证件类型（我方代码；CERT 为居民身份证，前端默认值）
 */
export type CertType =
  | 'CERT'
  | 'ID_CARD'
  | 'HMT_RESIDENCE_PERMIT'
  | 'FOREIGN_PERMANENT_RESIDENCE'
  | 'HK_MACAU_PASS'
  | 'TAIWAN_PASS'
  | 'PASSPORT'
/**
 * 合作方状态：已核保、出单中、已出单、出单失败
 */
export type PartnerStatus = 'UNDERWRITTEN' | 'ISSUING' | 'ISSUED' | 'ISSUE_FAILED'

/**
 * Partner-insurer products (华汀保险 through its API): the product, quotes, applications underwritten by the partner, the order's issuing state, and the partner's signed callback.
 */
export interface PartnerApi {
  PartnerProduct?: PartnerProduct
  PartnerProductParams?: PartnerProductParams
  PartnerQuoteRequest?: PartnerQuoteRequest
  PartnerQuote?: PartnerQuote
  PartnerApplicationRequest?: PartnerApplicationRequest
  PartnerApplication?: PartnerApplication
  PartnerOrderParams?: PartnerOrderParams
  PartnerOrder?: PartnerOrder
  PartnerCallbackParams?: PartnerCallbackParams
  PartnerCallbackHeaders?: PartnerCallbackHeaders
  PartnerCallback?: PartnerCallback
  PartnerCallbackAck?: PartnerCallbackAck
}
export interface PartnerProduct {
  id: string
  name: string
  insurerName: string
  flow: Flow
  /**
   * 合作方产品代码，如 03800001
   */
  partnerProductType: string
  /**
   * 保费（分）
   */
  priceFen: number
  /**
   * 保障期间代码，如 1y、30d、flight
   */
  coveragePeriod: string
  /**
   * 被保险人须选择职业
   */
  occupationRequired: boolean
  /**
   * 投保人也须选择职业（旅行险）
   */
  holderOccupationRequired: boolean
  /**
   * 拒保的职业类别
   */
  refusedOccupationClasses: number[]
  clauses: {
    id: string
    title: string
  }[]
  /**
   * 投保须知（纯文本，每条一行）
   */
  notice: string
  /**
   * 健康告知问题
   */
  questions: {
    id: string
    text: string
  }[]
}
export interface PartnerProductParams {
  productId: ProductId
}
/**
 * POST /api/partner/quotes. Phone: the insured's or else the holder's is required.
 */
export interface PartnerQuoteRequest {
  productId: ProductId
  holder: Person
  insured: Insured
  /**
   * 产品一段（productType、productPrice、firstPremium 可随状态带上，服务器以自己的产品为准）
   */
  product: {
    /**
     * 交费方式
     */
    chargePeriodType: 'year' | 'single'
    firstPremium?: string
    productType?: string
    productPrice?: number
  }
  /**
   * 航班（航空意外险必填）
   */
  flight?: {
    /**
     * 航班号
     */
    flightNo: string
    /**
     * 乘机日期（今天起30天内）
     */
    date: string
  }
}
/**
 * 投保人：与前端申请状态的 holder 一段同形。certType 为我方证件类型（CERT 即居民身份证）。
 */
export interface Person {
  /**
   * 姓名
   */
  name: string
  certType: CertType
  /**
   * 证件号码
   */
  certNo: string
  /**
   * 证件有效期类型（1 为长期）
   */
  certTime: 0 | 1
  /**
   * 证件起始日期
   */
  certStartDate?: string
  /**
   * 证件截止日期
   */
  certEndDate?: string
  /**
   * 性别
   */
  gender: string
  /**
   * 出生日期
   */
  birthday: string
  /**
   * 手机号
   */
  phone?: string
  /**
   * 电子邮箱
   */
  email?: string
  /**
   * 职业代码（src/domain/occupation.ts）
   */
  occupationinfo?: string
  /**
   * 职业名称（仅展示，服务器以代码为准）
   */
  occupationinfoText?: string
}
/**
 * 被保险人：与前端申请状态的 insurer 一段同形。
 */
export interface Insured {
  /**
   * 姓名
   */
  name: string
  certType: CertType
  /**
   * 证件号码
   */
  certNo: string
  /**
   * 证件有效期类型（1 为长期）
   */
  certTime: 0 | 1
  /**
   * 证件起始日期
   */
  certStartDate?: string
  /**
   * 证件截止日期
   */
  certEndDate?: string
  /**
   * 性别
   */
  gender: string
  /**
   * 出生日期
   */
  birthday: string
  /**
   * 与投保人关系
   */
  relationType: '1' | '2' | '3' | '4'
  /**
   * 有无社保
   */
  hasSocialInsurance: 'Y' | 'N'
  /**
   * 手机号
   */
  phone?: string
  /**
   * 电子邮箱
   */
  email?: string
  /**
   * 职业代码
   */
  occupationinfo?: string
  /**
   * 职业名称（仅展示）
   */
  occupationinfoText?: string
}
export interface PartnerQuote {
  quoteId: string
  /**
   * 保费（分）
   */
  premiumFen: number
  /**
   * 报价有效至（ISO 时间）
   */
  expiresAt: string
}
/**
 * POST /api/partner/applications (header Idempotency-Key): the partner underwrites, then our order is created.
 */
export interface PartnerApplicationRequest {
  /**
   * 报价编号
   */
  quoteId: string
  /**
   * 健康告知：问题编号 → 是否为“是”
   */
  healthAnswers: {
    [k: string]: boolean | undefined
  }
}
export interface PartnerApplication {
  /**
   * 我方订单编号，支付见 /pay?orderId=
   */
  orderId: string
  /**
   * 合作方核保单号
   */
  underwritingNo: string
  premiumFen: number
}
export interface PartnerOrderParams {
  orderId: string
}
export interface PartnerOrder {
  orderId: string
  productId: string
  /**
   * 我方订单状态
   */
  status: 'PENDING_PAYMENT' | 'PAID' | 'ISSUED' | 'CLOSED' | 'PAY_FAILED' | 'SURRENDERED'
  partnerStatus: PartnerStatus
  /**
   * 出单后我方保单编号
   */
  policyId?: string
  /**
   * 合作方保单号
   */
  partnerPolicyNo?: string
  /**
   * 给用户看的说明，如 保单出具中 / 出单失败，已为您退款
   */
  message?: string
}
export interface PartnerCallbackParams {
  partner: 'huating'
}
/**
 * The partner's signature over method, path, timestamp, nonce and body (HMAC-SHA256, hex).
 */
export interface PartnerCallbackHeaders {
  /**
   * Unix 秒
   */
  'x-ht-timestamp': string
  'x-ht-nonce': string
  'x-ht-signature': string
}
/**
 * POST /api/partner/callbacks/huating: the partner's asynchronous issuing result, idempotent by eventId.
 */
export interface PartnerCallback {
  eventId: string
  eventType: 'POLICY_ISSUED' | 'ISSUE_FAILED'
  /**
   * 我方出单请求号
   */
  requestId: string
  /**
   * 核保单号
   */
  applyNo: string
  /**
   * 合作方保单号
   */
  policyNo?: string
  errorCode?: string
  errorMsg?: string
}
export interface PartnerCallbackAck {
  code: 'SUCCESS'
  message: string
}
