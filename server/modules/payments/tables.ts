import type { ColumnType } from 'kysely'
import type { OrderRefund } from '../../../src/types/generated/api/order'
import type { Payment } from '../../../src/types/generated/api/payment'
import type { Json, NullableJson, NullableTimestamp, Timestamp } from '../../db/columns'

// Tables of payments, their callbacks, refunds and the sandbox's books (100_purchase.sql, 121_refunds.sql,
// 251_payment_scenes.sql); the SQL is the truth.

export type PaymentStatusColumn = 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'EXPIRED' | 'REFUNDED'

export interface PaymentsTable {
  id: string
  order_id: string
  provider: string
  channel: 'wechat' | 'alipay' | 'bankcard'
  amount_fen: number
  status: PaymentStatusColumn
  qr_content: string
  pay_url: string
  created_at: Timestamp
  expires_at: Timestamp
  completed_at: NullableTimestamp
  scene: ColumnType<Payment['scene'], Payment['scene'] | undefined, Payment['scene']>
  /** What the browser or the app invokes pay with (JSAPI, APP); null for Native and H5. */
  invoke: NullableJson<Payment['invoke']>
}

export interface PaymentCallbacksTable {
  event_id: string
  payment_id: string
  refund_id: ColumnType<string | null, string | null | undefined, string | null>
  outcome: string
  payload: Json<unknown>
  received_at: Timestamp
}

export type RefundReasonColumn = OrderRefund['reason']
export type RefundStatusColumn = OrderRefund['status']

export interface RefundsTable {
  id: string
  payment_id: string
  order_id: string
  amount_fen: number
  reason: RefundReasonColumn
  status: RefundStatusColumn
  provider_refund_id: ColumnType<string | null, string | null | undefined, string | null>
  failure: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Timestamp
  submitted_at: NullableTimestamp
  settled_at: NullableTimestamp
}

/** The sandbox's own books (demo mode): what a real provider keeps on its side. */
export interface SandboxPaymentsTable {
  id: string
  amount_fen: number
  state: 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED' | 'PAYERROR'
  expires_at: Timestamp
  created_at: Timestamp
  paid_at: NullableTimestamp
}

export interface SandboxRefundsTable {
  id: string
  payment_id: string
  amount_fen: number
  status: 'PROCESSING' | 'SUCCESS' | 'ABNORMAL'
  created_at: Timestamp
  settled_at: NullableTimestamp
}

export interface PaymentTables {
  payments: PaymentsTable
  payment_callbacks: PaymentCallbacksTable
  refunds: RefundsTable
  sandbox_payments: SandboxPaymentsTable
  sandbox_refunds: SandboxRefundsTable
}
