import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { DEMO_SANDBOX_SECRET, SandboxPaymentProvider } from '../payments/sandbox'
import { ApplicationService } from './ordersApplications'
import { OrderService } from './orders'
import { withPurchaseTables } from './ordersTables'
import { PaymentService } from './payments'
import { PolicyService } from './policies'

/** The demo secret of signed policy links; production refuses to use it. */
export const DEMO_POLICY_LINK_SECRET = 'demo-only-policy-link-secret'

export interface PurchaseServices {
  applications: ApplicationService
  orders: OrderService
  payments: PaymentService
  policies: PolicyService
  sandbox: SandboxPaymentProvider
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
  const db = withPurchaseTables(services.db)
  const sandbox = new SandboxPaymentProvider(env.PAYMENT_SANDBOX_SECRET ?? DEMO_SANDBOX_SECRET)
  const applications = new ApplicationService(db, services.now, services.catalog)
  const orders = new OrderService(db, services.now, services.catalog, applications)
  const policies = new PolicyService(db, services.now, sandbox, linkSecret)
  const payments = new PaymentService(db, services.now, sandbox, orders, policies, services.catalog)
  const built = { applications, orders, payments, policies, sandbox }
  cache.set(services, built)
  return built
}
