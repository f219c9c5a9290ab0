import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { SandboxPaymentProvider } from '../payments/providers/sandbox'
import { ApplicationService } from './applications'
import { OrderService } from './service'
import { PaymentService } from '../payments/service'
import { PolicyService } from '../policies/service'
import { RefundService } from '../payments/refunds'

/** The demo secret of signed policy links; production refuses to use it. */
export const DEMO_POLICY_LINK_SECRET = 'demo-only-policy-link-secret'

export interface PurchaseServices {
  applications: ApplicationService
  orders: OrderService
  payments: PaymentService
  refunds: RefundService
  policies: PolicyService
  /** The sandbox provider when it is the app's provider (demo mode), for its pay page routes. */
  sandbox: SandboxPaymentProvider | null
}

const cache = new WeakMap<FastifyInstance['services'], PurchaseServices>()

/** The purchase services of one app (built once, shared by the orders, payments and policies routes). */
export function purchaseServices(
  services: FastifyInstance['services'],
  env: NodeJS.ProcessEnv = process.env,
): PurchaseServices {
  const cached = cache.get(services)
  if (cached) return cached
  // Without a configured secret, production signs with a per-process random one: links stay unforgeable but
  // only this process accepts them, so multi-process deployments must set POLICY_LINK_SECRET.
  const linkSecret =
    env.POLICY_LINK_SECRET ??
    (services.mode === 'demo' ? DEMO_POLICY_LINK_SECRET : randomBytes(32).toString('hex'))
  const db = services.db
  const provider = services.paymentProvider
  const refunds = new RefundService(db, services.now, provider, services.log)
  const applications = new ApplicationService(db, services.now, services.catalog)
  const orders = new OrderService(db, services.now, services.catalog, applications, refunds)
  const policies = new PolicyService(db, services.now, refunds, linkSecret)
  const payments = new PaymentService(
    db,
    services.now,
    provider,
    orders,
    policies,
    services.catalog,
    refunds,
    services.log,
  )
  const sandbox = provider instanceof SandboxPaymentProvider ? provider : null
  const built = { applications, orders, payments, refunds, policies, sandbox }
  cache.set(services, built)
  return built
}
