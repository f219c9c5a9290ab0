import useSWR, { mutate } from 'swr'
import { del, post } from '../../lib/request'
import type { Cart, CartItem, CartItemInput } from '../../types/generated/api/cart'
import { specialNotifyHref } from '../purchase/paths'
import { addGuestItem, clearGuestCart, guestCart, guestCartInputs } from './guestCart'

// The shopping cart (schemas/api/cart.schema.json): the server's for a logged-in user, this device's for a guest.

export type { Cart, CartItem, CartItemInput } from '../../types/generated/api/cart'

export const cartKey = '/api/cart'

/** The logged-in user's cart, re-quoted by the server on every read. */
export function useCart(loggedIn: boolean) {
  return useSWR<Cart>(loggedIn ? cartKey : null)
}

export const removeCartItem = (id: string) => del<{ ok: true }>(`${cartKey}/items/${encodeURIComponent(id)}`)

export interface SavedPlanLabels {
  productName: string
  planName: string
  premiumFen: number
}

/**
 * 加入购物车: on the server when logged in (it prices the plan again), else on this device.
 * Resolves 'full' when the cart holds its maximum; throws the server's refusal otherwise.
 */
export async function saveToCart(
  input: CartItemInput,
  labels: SavedPlanLabels,
  loggedIn: boolean,
): Promise<'saved' | 'full'> {
  if (!loggedIn) {
    const result = addGuestItem({
      ...input,
      productName: labels.productName,
      planName: labels.planName,
      quotedPremiumFen: labels.premiumFen,
      addedAt: new Date().toISOString(),
    })
    return result === 'full' ? 'full' : 'saved'
  }
  await post<CartItem>(`${cartKey}/items`, input)
  await mutate(cartKey)
  return 'saved'
}

/** After login: the device's guest cart goes to the server (which dedupes) and is cleared here. */
export async function mergeGuestCart(): Promise<void> {
  if (guestCart.items.length === 0) return
  const cart = await post<Cart>(`${cartKey}/merge`, { items: guestCartInputs() })
  clearGuestCart()
  await mutate(cartKey, cart, { revalidate: false })
}

/** 去投保: the normal purchase flow's entry, pre-filled with the item's plan and insured factors. */
export const cartPurchaseHref = (item: CartItemInput) =>
  specialNotifyHref({
    productId: item.productId,
    plan: item.planCode,
    coveragePeriod: item.coveragePeriod,
    paymentPeriod: item.paymentPeriod,
    birthDate: item.birthDate,
    gender: item.gender,
    socialInsurance: item.socialInsurance,
  })
