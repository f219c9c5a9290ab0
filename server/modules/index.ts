import type { ServerModule } from '../platform/module'
import { authModule } from './auth'
import { catalogModule } from './catalog'
import { familyModule } from './family'
import { paymentsModule } from './payments'
import { messagesModule } from './messages'
import { mediaModule } from './media'
import { feedbackModule } from './feedback'
import { pointsModule } from './points'
import { policiesModule } from './policies'
import { purchaseModule } from './purchase'
import { systemModule } from './system'

/** Every area of the server, in the order their routes are registered (and listed in the OpenAPI document). */
export const modules: readonly ServerModule[] = [
  systemModule,
  authModule,
  catalogModule,
  purchaseModule,
  paymentsModule,
  policiesModule,
  familyModule,
  pointsModule,
  messagesModule,
  mediaModule,
  feedbackModule,
]
