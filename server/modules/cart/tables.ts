import type { Timestamp } from '../../db/columns'

// The cart_items table (144_cart.sql); the SQL is the truth.

export interface CartItemsTable {
  id: string
  user_id: string
  product_id: string
  plan_code: string
  coverage_period: string
  payment_period: string
  birth_date: string
  gender: 'M' | 'F'
  social_insurance: 'Y' | 'N'
  quoted_premium_fen: number
  created_at: Timestamp
}

export interface CartTables {
  cart_items: CartItemsTable
}
