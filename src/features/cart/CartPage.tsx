import { useEffect, useState } from 'react'
import { Button } from 'antd-mobile'
import { Checkbox } from '../../components/check/Check'
import { Dialog } from '../../components/dialog'
import { useLocation } from 'react-router-dom'
import { useSnapshot } from 'valtio'
import { PriceText } from '../../components/PriceText'
import { EmptyView, ErrorView, LoadingView } from '../../components/StatusViews'
import { toast } from '../../components/notice'
import { GoButton } from '../../components/navigation/GoButton'
import { loginPathFor } from '../../components/navigation/appPath'
import { useAppNavigate } from '../../components/navigation/useAppNavigate'
import { useHydrating } from '../../components/prerender'
import { coveragePeriodLabel, paymentPeriodLabel, premiumCadenceLabel } from '../../domain/periods'
import { describeError } from '../../lib/request'
import { useQuote } from '../catalog/api'
import { shoppingHref } from '../catalog/paths'
import { useMe } from '../member/api'
import { cartPurchaseHref, mergeGuestCart, removeCartItem, useCart, type CartItemInput } from './api'
import { guestCart, removeGuestItem, type GuestCartItem } from './guestCart'
import './cart.css'

/** One line of the cart, whoever keeps it (the server, or this device for a guest). */
export interface CartLine extends CartItemInput {
  key: string
  productName: string
  planName: string
  quotedPremiumFen: number
  /** Today's price; null while it is being quoted or when the plan can no longer be bought. */
  premiumFen: number | null
  quoting: boolean
  unavailableReason: string | null
}

/** /shoppingCart: saved plans re-quoted on opening, select and total, remove, 去投保 one at a time. */
export default function CartPage() {
  const hydrating = useHydrating()
  const me = useMe()
  if (hydrating || me.isLoading) return <LoadingView lines={4} />
  if (me.error) return <ErrorView error={me.error} onRetry={() => void me.mutate()} />
  return me.data ? <UserCart /> : <GuestCart />
}

function UserCart() {
  const guest = useSnapshot(guestCart)
  const [merging, setMerging] = useState(guest.items.length > 0)
  const [mergeError, setMergeError] = useState<unknown>(null)
  const cart = useCart(!merging)

  useEffect(() => {
    if (!merging) return
    mergeGuestCart()
      .catch((error: unknown) => setMergeError(error))
      .finally(() => setMerging(false))
  }, [merging])

  if (merging || (!cart.data && !cart.error)) return <LoadingView lines={4} />
  if (cart.error) return <ErrorView error={cart.error} onRetry={() => void cart.mutate()} />
  const lines: CartLine[] = (cart.data?.items ?? []).map((item) => ({
    ...item,
    key: item.id,
    quoting: false,
  }))
  return (
    <CartView
      lines={lines}
      notice={mergeError ? `本机购物车合并失败：${describeError(mergeError)}` : null}
      onRemove={async (line) => {
        await removeCartItem(line.key)
        await cart.mutate()
      }}
    />
  )
}

function GuestCart() {
  const { items } = useSnapshot(guestCart)
  const navigate = useAppNavigate()
  const { pathname, search } = useLocation()
  return (
    <CartView
      lines={[]}
      guestItems={items as readonly GuestCartItem[]}
      notice={null}
      loginPrompt={
        <div className="cart-login" role="note">
          <span>登录后购物车将保存到您的账户</span>
          <Button size="mini" color="primary" onClick={() => navigate(loginPathFor(`${pathname}${search}`))}>
            登录
          </Button>
        </div>
      }
      onRemove={(line) => {
        removeGuestItem(line.key)
        return Promise.resolve()
      }}
    />
  )
}

/** A guest's line, re-quoted through the premium trial (POST /api/quotes) as the cart opens. */
function useGuestLine(item: GuestCartItem): CartLine {
  const quote = useQuote({
    productId: item.productId,
    planCode: item.planCode,
    birthDate: item.birthDate,
    gender: item.gender,
    coveragePeriod: item.coveragePeriod,
    paymentPeriod: item.paymentPeriod,
    socialInsurance: item.socialInsurance,
  })
  return {
    ...item,
    premiumFen: quote.error ? null : (quote.data?.premiumFen ?? null),
    quoting: !quote.data && !quote.error,
    unavailableReason: quote.error ? describeError(quote.error) : null,
  }
}

interface CartViewProps {
  lines: CartLine[]
  guestItems?: readonly GuestCartItem[]
  notice: string | null
  loginPrompt?: React.ReactNode
  onRemove: (line: CartLine) => Promise<void>
}

function CartView({ lines, guestItems, notice, loginPrompt, onRemove }: CartViewProps) {
  const [deselected, setDeselected] = useState<ReadonlySet<string>>(new Set())
  const [guestLines, setGuestLines] = useState<Record<string, CartLine>>({})
  const all = guestItems ? guestItems.map((i) => guestLines[i.key] ?? toPending(i)) : lines
  const buyable = all.filter((l) => l.premiumFen !== null)
  const selected = buyable.filter((l) => !deselected.has(l.key))
  const total = selected.reduce((sum, l) => sum + (l.premiumFen ?? 0), 0)
  const toggle = (key: string, on: boolean) =>
    setDeselected((prev) => {
      const next = new Set(prev)
      if (on) next.delete(key)
      else next.add(key)
      return next
    })
  const allSelected = buyable.length > 0 && selected.length === buyable.length

  return (
    <div className="cart-page" data-testid="cart-page">
      {loginPrompt}
      {notice && (
        <p className="cart-notice" role="alert">
          {notice}
        </p>
      )}
      {all.length === 0 ? (
        <EmptyView title="购物车是空的" description="在产品页试算保费后，可将方案加入购物车">
          <GoButton to={shoppingHref()}>去商城逛逛</GoButton>
        </EmptyView>
      ) : (
        <ul className="cart-list" aria-label="购物车方案">
          {guestItems
            ? guestItems.map((item) => (
                <GuestRow
                  key={item.key}
                  item={item}
                  onQuoted={(line) =>
                    setGuestLines((prev) =>
                      sameLine(prev[line.key], line) ? prev : { ...prev, [line.key]: line },
                    )
                  }
                  selected={!deselected.has(item.key)}
                  onToggle={toggle}
                  onRemove={onRemove}
                />
              ))
            : lines.map((line) => (
                <CartRow
                  key={line.key}
                  line={line}
                  selected={!deselected.has(line.key)}
                  onToggle={toggle}
                  onRemove={onRemove}
                />
              ))}
        </ul>
      )}
      {all.length > 0 && (
        <div className="cart-bottom-bar">
          <Checkbox
            checked={allSelected}
            disabled={buyable.length === 0}
            onChange={(on) => setDeselected(on ? new Set() : new Set(buyable.map((l) => l.key)))}
          >
            全选
          </Checkbox>
          <div className="cart-total" data-testid="cart-total">
            合计 <PriceText fen={total} />
            <span className="muted">（已选{selected.length}项）</span>
          </div>
        </div>
      )}
    </div>
  )
}

const toPending = (item: GuestCartItem): CartLine => ({
  ...item,
  premiumFen: null,
  quoting: true,
  unavailableReason: null,
})

const sameLine = (a: CartLine | undefined, b: CartLine) =>
  a !== undefined &&
  a.premiumFen === b.premiumFen &&
  a.quoting === b.quoting &&
  a.unavailableReason === b.unavailableReason

function GuestRow({
  item,
  onQuoted,
  ...rest
}: { item: GuestCartItem; onQuoted: (line: CartLine) => void } & Omit<RowProps, 'line'>) {
  const line = useGuestLine(item)
  useEffect(() => onQuoted(line))
  return <CartRow line={line} {...rest} />
}

interface RowProps {
  line: CartLine
  selected: boolean
  onToggle: (key: string, on: boolean) => void
  onRemove: (line: CartLine) => Promise<void>
}

function CartRow({ line, selected, onToggle, onRemove }: RowProps) {
  const navigate = useAppNavigate()
  const [removing, setRemoving] = useState(false)
  const available = line.premiumFen !== null
  const cadence = premiumCadenceLabel(line.paymentPeriod)

  const remove = async () => {
    const ok = await Dialog.confirm({
      content: `确定从购物车删除《${line.productName}》${line.planName}吗？`,
      confirmText: '删除',
      cancelText: '取消',
    })
    if (!ok) return
    setRemoving(true)
    try {
      await onRemove(line)
      toast('success', '已删除')
    } catch (error) {
      toast('error', describeError(error))
      setRemoving(false)
    }
  }

  return (
    <li className="cart-item" data-testid="cart-item" aria-label={line.productName}>
      <Checkbox
        className="cart-item-check"
        checked={available && selected}
        disabled={!available}
        onChange={(on) => onToggle(line.key, on)}
      >
        <span className="sr-only">选择{line.productName}</span>
      </Checkbox>
      <div className="cart-item-body">
        <div className="cart-item-name">{line.productName}</div>
        <div className="cart-item-facts muted">
          {line.planName} · {coveragePeriodLabel(line.coveragePeriod)} ·{' '}
          {paymentPeriodLabel(line.paymentPeriod)}
        </div>
        <div className="cart-item-facts muted">
          被保险人：{line.birthDate} 出生 · {line.gender === 'M' ? '男' : '女'} ·{' '}
          {line.socialInsurance === 'Y' ? '有社保' : '无社保'}
        </div>
        {line.quoting ? (
          <div className="muted">正在重新试算…</div>
        ) : available ? (
          <div className="cart-item-price">
            <PriceText fen={line.premiumFen ?? 0} suffix={cadence} />
            {line.premiumFen !== line.quotedPremiumFen && (
              <span className="cart-price-changed" role="note" data-testid="cart-price-changed">
                价格有变动：加入时 <PriceText fen={line.quotedPremiumFen} suffix={cadence} />
              </span>
            )}
          </div>
        ) : (
          <div className="cart-unavailable" role="note">
            暂不可投保：{line.unavailableReason ?? '请重新试算'}
          </div>
        )}
        <div className="cart-item-actions">
          <Button size="small" loading={removing} disabled={removing} onClick={() => void remove()}>
            删除
          </Button>
          <Button
            size="small"
            color="primary"
            disabled={!available || removing}
            onClick={() => navigate(cartPurchaseHref(line))}
          >
            去投保
          </Button>
        </div>
      </div>
    </li>
  )
}
