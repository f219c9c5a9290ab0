import { defineModule } from '../../platform/module'
import { SandboxPaymentProvider } from './providers/sandbox'
import { RefundService } from './refunds'
import { paymentRoutes } from './routes'
import { PaymentService } from './service'

declare module '../../platform/services' {
  interface Services {
    payments: PaymentService
    refunds: RefundService
    /** The sandbox provider when it is the app's provider (demo mode), for its pay page routes. */
    sandbox: SandboxPaymentProvider | null
  }
}

/** Payments through the configured provider, its callbacks, refunds, and the demo sandbox. */
export const paymentsModule = defineModule({
  name: 'payments',
  services: {
    refunds: (s) => new RefundService(s.db, s.now, s.paymentProvider, s.messages, s.log),
    payments: (s) =>
      new PaymentService(
        s.db,
        s.now,
        s.paymentProvider,
        s.orders,
        s.policies,
        s.catalog,
        s.refunds,
        s.messages,
        s.log,
        s.partnerIssuing,
        s.trails,
        s.analytics,
        // JSAPI's payer: the user's WeChat binding under WECHATPAY_APPID.
        (userId, appid) => s.wechat.openIdOf(userId, appid),
      ),
    sandbox: (s) => (s.paymentProvider instanceof SandboxPaymentProvider ? s.paymentProvider : null),
  },
  routes: paymentRoutes,
  // Refunds the provider did not accept are resubmitted; those it is processing are asked about.
  sweep: async (s) => s.refunds.retryOpen(),
})
