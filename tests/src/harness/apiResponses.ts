import type { ApiErrorBody } from '../../../src/lib/request'
import type {
  Appointment,
  AppointmentList,
  Consultant,
  ConsultantList,
  SlotCalendar,
} from '../../../src/types/generated/api/appointment'
import type {
  LoginResponse,
  Me,
  MeOverview,
  SmsCodeResponse,
  SmsOutboxResponse,
} from '../../../src/types/generated/api/auth'
import type {
  CategoryList,
  InsurerList,
  ProductDetail,
  ProductPage,
} from '../../../src/types/generated/api/catalog'
import type {
  CampaignState,
  CollectResult,
  Coupon,
  CouponList,
  DrawResult,
  EntryResponse,
  FormCodeResponse,
  FormState,
  GuessLeaderboard,
  InviteCode,
  Prize,
  PrizeList,
} from '../../../src/types/generated/api/campaign'
import type { Cart, CartItem } from '../../../src/types/generated/api/cart'
import type { TrailOpened } from '../../../src/types/generated/api/trail'
import type { Claim, ClaimablePolicyList, ClaimList } from '../../../src/types/generated/api/claim'
import type { Health, Ok } from '../../../src/types/generated/api/common'
import type { Disclosure } from '../../../src/types/generated/api/disclosure'
import type { LookedUpPolicy, LookupCodeResponse } from '../../../src/types/generated/api/lookup'
import type {
  ArticleDetail,
  ArticlePage,
  CategoryList as ContentCategoryList,
} from '../../../src/types/generated/api/content'
import type {
  AccountStatus,
  AgreementList,
  MemberRules,
  MemberStatus,
} from '../../../src/types/generated/api/member'
import type { FaqList, FaqQuestion } from '../../../src/types/generated/api/help'
import type { FamilyMember, FamilyMemberList } from '../../../src/types/generated/api/family'
import type { Feedback, FeedbackPage } from '../../../src/types/generated/api/feedback'
import type { Media } from '../../../src/types/generated/api/media'
import type { Conversation, MessageList, SentMessage } from '../../../src/types/generated/api/service'
import type { ExchangeList } from '../../../src/types/generated/api/gift'
import type { HealthResult, Order, OrderApplication, OrderList } from '../../../src/types/generated/api/order'
import type {
  PartnerApplication,
  PartnerOrder,
  PartnerProduct,
  PartnerQuote,
  PremiumAgreement,
} from '../../../src/types/generated/api/partner'
import type { Payment, PaymentChannels } from '../../../src/types/generated/api/payment'
import type { JsConfig, MyWechat, WechatConfig } from '../../../src/types/generated/api/wechat'
import type {
  LedgerPage,
  PointsSummary,
  SignInResult,
  SignInStatus,
} from '../../../src/types/generated/api/points'
import type { Policy, PolicyList, PolicyShareLink } from '../../../src/types/generated/api/policy'
import type { Quote } from '../../../src/types/generated/api/quote'
import type { Renewal, RenewalList } from '../../../src/types/generated/api/renewal'
import type { MyRiskAssessment, Questionnaire, RiskAssessment } from '../../../src/types/generated/api/risk'

// What each API route answers, as the generated API types say: a screen test's canned answer must have the
// shape the real server sends. A `${string}` stands for a path parameter (an id).

export type { ApiErrorBody }

export interface ApiResponses {
  'GET /api/health': Health
  'POST /api/auth/sms-code': SmsCodeResponse
  'POST /api/auth/login': LoginResponse
  'POST /api/auth/app-token': LoginResponse
  'GET /api/wechat/config': WechatConfig
  'GET /api/wechat/js-config': JsConfig
  'GET /api/me/wechat': MyWechat
  'DELETE /api/me/wechat': Ok
  'POST /api/auth/logout': Ok
  'GET /api/dev/sms-outbox': SmsOutboxResponse
  'GET /api/me': Me
  'PATCH /api/me': Me
  'PUT /api/me/avatar': Me
  'POST /api/media': Media
  [route: `DELETE /api/media/${string}`]: Ok
  'POST /api/feedback': Feedback
  'GET /api/feedback': FeedbackPage
  'GET /api/me/overview': MeOverview
  'POST /api/me/real-name': Me
  'GET /api/member': MemberStatus
  'GET /api/member/rules': MemberRules
  'GET /api/me/agreements': AgreementList
  'POST /api/me/consent-withdrawal': Ok
  'GET /api/me/account': AccountStatus
  'POST /api/me/deletion': AccountStatus
  'DELETE /api/me/deletion': AccountStatus
  'GET /api/categories': CategoryList
  'GET /api/insurers': InsurerList
  'GET /api/disclosure': Disclosure
  'GET /api/products': ProductPage
  [route: `GET /api/products/${string}`]: ProductDetail
  'POST /api/quotes': Quote
  'POST /api/applications': OrderApplication
  [route: `GET /api/applications/${string}`]: OrderApplication
  [route: `POST /api/applications/${string}/documents/${string}`]: OrderApplication
  [route: `POST /api/applications/${string}/documents`]: OrderApplication
  [route: `POST /api/applications/${string}/health`]: HealthResult
  'GET /api/orders': OrderList
  'POST /api/orders': Order
  [route: `GET /api/orders/${string}`]: Order
  [route: `POST /api/orders/${string}/cancel`]: Order
  [route: `POST /api/orders/${string}/skip-pay`]: Order
  [route: `POST /api/orders/${string}/pay`]: Payment
  // /api/payments/channels is a literal route beside /api/payments/:id.
  [route: `GET /api/payments/${string}`]: Payment | PaymentChannels
  'GET /api/payments/channels': PaymentChannels
  [route: `GET /api/sandbox/payments/${string}`]: Payment
  [route: `POST /api/sandbox/payments/${string}/simulate`]: Payment
  [route: `GET /api/partner/products/${string}`]: PartnerProduct
  'POST /api/partner/quotes': PartnerQuote
  'POST /api/partner/applications': PartnerApplication
  [route: `GET /api/partner/orders/${string}`]: PartnerOrder
  [route: `POST /api/partner/orders/${string}/premium-agreement`]: PremiumAgreement
  'POST /api/sales-trails': TrailOpened
  // 204: nothing to answer.
  [route: `POST /api/sales-trails/${string}/events`]: null
  'GET /api/policies': PolicyList
  // /api/policies/shared is a literal route beside /api/policies/:id.
  [route: `GET /api/policies/${string}`]: Policy
  [route: `POST /api/policies/${string}/share-link`]: PolicyShareLink
  [route: `POST /api/policies/${string}/surrender`]: Policy
  'GET /api/family-members': FamilyMemberList
  'POST /api/family-members': FamilyMember
  [route: `GET /api/family-members/${string}`]: FamilyMember
  [route: `PUT /api/family-members/${string}`]: FamilyMember
  [route: `DELETE /api/family-members/${string}`]: Ok
  'GET /api/sign-in': SignInStatus
  'POST /api/sign-in': SignInResult
  'GET /api/points': PointsSummary
  'GET /api/points/ledger': LedgerPage
  'GET /api/exchanges': ExchangeList
  'GET /api/risk-assessment/questionnaire': Questionnaire
  'GET /api/risk-assessment': MyRiskAssessment
  'POST /api/risk-assessment': RiskAssessment
  'GET /api/help/faq': FaqList
  'POST /api/service/conversations': Conversation
  [route: `GET /api/service/conversations/${string}/messages`]: MessageList
  [route: `POST /api/service/conversations/${string}/messages`]: SentMessage
  [route: `POST /api/service/conversations/${string}/handoff`]: Conversation
  [route: `POST /api/service/conversations/${string}/close`]: Conversation
  [route: `POST /api/service/conversations/${string}/rating`]: Conversation
  [route: `GET /api/help/faq/${string}`]: FaqQuestion
  'GET /api/content/categories': ContentCategoryList
  'GET /api/content/articles': ArticlePage
  [route: `GET /api/content/articles/${string}`]: ArticleDetail
  'GET /api/consultants': ConsultantList
  [route: `GET /api/consultants/${string}`]: Consultant
  'GET /api/appointments/slots': SlotCalendar
  'GET /api/appointments': AppointmentList
  'POST /api/appointments': Appointment
  [route: `POST /api/appointments/${string}/cancel`]: Appointment
  [route: `POST /api/appointments/${string}/reschedule`]: Appointment
  'GET /api/cart': Cart
  'POST /api/cart/items': CartItem
  [route: `DELETE /api/cart/items/${string}`]: Ok
  'POST /api/cart/merge': Cart
  'POST /api/policy-lookup/code': LookupCodeResponse
  'POST /api/policy-lookup': LookedUpPolicy
  'GET /api/renewals': RenewalList
  [route: `PUT /api/policies/${string}/auto-renew`]: Renewal
  // /api/claims/policies is a literal route beside /api/claims/:id.
  'GET /api/claims/policies': ClaimablePolicyList
  [route: `GET /api/claims/${string}`]: Claim | ClaimablePolicyList
  'GET /api/claims': ClaimList
  'POST /api/claims': Claim
  [route: `POST /api/claims/${string}/documents`]: Claim
  [route: `POST /api/claims/${string}/withdraw`]: Claim
  // /api/campaigns/:id/leaderboard and /form sit under /api/campaigns/:id (stub the leaderboard with the
  // :campaignId key; the same template matches the form).
  'GET /api/campaigns/:campaignId/leaderboard': GuessLeaderboard
  [route: `GET /api/campaigns/${string}`]: CampaignState | GuessLeaderboard | FormState
  [route: `POST /api/campaigns/${string}/draws`]: DrawResult
  [route: `GET /api/campaigns/${string}/form`]: FormState
  [route: `POST /api/campaigns/${string}/claims`]: CollectResult
  [route: `POST /api/campaigns/${string}/entries`]: EntryResponse
  [route: `POST /api/campaigns/${string}/sms-code`]: FormCodeResponse
  'GET /api/me/invite-code': InviteCode
  'GET /api/coupons': CouponList
  [route: `POST /api/coupons/${string}/use`]: Coupon
  'GET /api/prizes': PrizeList
  [route: `PUT /api/prizes/${string}/address`]: Prize
}

export type ApiRoute = keyof ApiResponses
