import { proxy, subscribe } from 'valtio'
import type { CartItemInput } from '../../types/generated/api/cart'

// A guest's cart, kept on this device (localStorage) until login merges it into the server's cart
// (POST /api/cart/merge). Read only after hydration: the server renders every visitor without it.

export interface GuestCartItem extends CartItemInput {
  /** The plan and insured factors: one entry per distinct plan, as on the server. */
  key: string
  productName: string
  planName: string
  /** The premium quoted when it was saved. */
  quotedPremiumFen: number
  addedAt: string
}

export const GUEST_CART_MAX = 20
const STORAGE_KEY = 'mall:guestCart'

export const cartItemKey = (i: CartItemInput) =>
  [i.productId, i.planCode, i.coveragePeriod, i.paymentPeriod, i.birthDate, i.gender, i.socialInsurance].join(
    '|',
  )

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 64

function valid(raw: unknown): raw is GuestCartItem {
  if (typeof raw !== 'object' || raw === null) return false
  const i = raw as Record<string, unknown>
  return (
    isText(i.productId) &&
    isText(i.planCode) &&
    isText(i.coveragePeriod) &&
    isText(i.paymentPeriod) &&
    typeof i.birthDate === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(i.birthDate) &&
    (i.gender === 'M' || i.gender === 'F') &&
    (i.socialInsurance === 'Y' || i.socialInsurance === 'N') &&
    typeof i.productName === 'string' &&
    typeof i.planName === 'string' &&
    Number.isInteger(i.quotedPremiumFen) &&
    typeof i.addedAt === 'string'
  )
}

function load(): GuestCartItem[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed
      .filter(valid)
      .map((i) => ({ ...i, key: cartItemKey(i) }))
      .slice(0, GUEST_CART_MAX)
  } catch {
    // Corrupt or blocked storage starts clean.
    return []
  }
}

export const guestCart = proxy<{ items: GuestCartItem[] }>({
  items: typeof window === 'undefined' ? [] : load(),
})

if (typeof window !== 'undefined') {
  subscribe(guestCart, () => {
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(guestCart.items))
    } catch {
      // Storage full or blocked: the cart still works for this visit.
    }
  })
}

/** Newest first; the same plan again moves to the top with its new price. */
export function addGuestItem(item: Omit<GuestCartItem, 'key'>): 'added' | 'full' {
  const key = cartItemKey(item)
  const others = guestCart.items.filter((i) => i.key !== key)
  if (others.length >= GUEST_CART_MAX) return 'full'
  guestCart.items = [{ ...item, key }, ...others]
  return 'added'
}

export function removeGuestItem(key: string): void {
  guestCart.items = guestCart.items.filter((i) => i.key !== key)
}

export function clearGuestCart(): void {
  guestCart.items = []
}

/** What the server's merge takes: the factors only (it prices them itself). */
export const guestCartInputs = (): CartItemInput[] =>
  guestCart.items.map(
    ({ productId, planCode, coveragePeriod, paymentPeriod, birthDate, gender, socialInsurance }) => ({
      productId,
      planCode,
      coveragePeriod,
      paymentPeriod,
      birthDate,
      gender,
      socialInsurance,
    }),
  )
