// The shopping cart (购物车): priced plans saved from the product page.

export const cartPaths = {
  cart: '/shoppingCart',
} as const

export const cartHref = () => cartPaths.cart
