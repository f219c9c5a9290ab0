import type { ServerModule } from '../platform/module'
import { authModule } from './auth'
import { campaignsModule } from './campaigns'
import { cartModule } from './cart'
import { catalogModule } from './catalog'
import { contentModule } from './content'
import { claimsModule } from './claims'
import { familyModule } from './family'
import { helpModule } from './help'
import { paymentsModule } from './payments'
import { memberModule } from './member'
import { messagesModule } from './messages'
import { mediaModule } from './media'
import { feedbackModule } from './feedback'
import { appointmentsModule } from './appointments'
import { pointsModule } from './points'
import { policiesModule } from './policies'
import { purchaseModule } from './purchase'
import { riskModule } from './risk'
import { systemModule } from './system'
import { studioModule } from './studio'
import { pagesModule } from './pages'
import { partnersModule } from './partners'
import { trailModule } from './trail'
import { serviceModule } from './service'
import { analyticsModule } from './analytics'
import { wechatModule } from './wechat'

/** Every area of the server, in the order their routes are registered (and listed in the OpenAPI document). */
export const modules: readonly ServerModule[] = [
  systemModule,
  authModule,
  catalogModule,
  purchaseModule,
  paymentsModule,
  policiesModule,
  partnersModule,
  familyModule,
  pointsModule,
  messagesModule,
  memberModule,
  riskModule,
  helpModule,
  mediaModule,
  feedbackModule,
  contentModule,
  appointmentsModule,
  claimsModule,
  cartModule,
  campaignsModule,
  studioModule,
  pagesModule,
  trailModule,
  serviceModule,
  analyticsModule,
  wechatModule,
]
