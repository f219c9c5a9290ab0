import type { ReactNode } from 'react'
import {
  BellOutline,
  CheckShieldOutline,
  CloseCircleOutline,
  CouponOutline,
  EditSOutline,
  FileOutline,
  GiftOutline,
  HandPayCircleOutline,
  LoopOutline,
  MessageOutline,
  PayCircleOutline,
  PieOutline,
  QuestionCircleOutline,
  ReceivePaymentOutline,
  SearchOutline,
  ShopbagOutline,
  TeamOutline,
  TruckOutline,
  UserContactOutline,
} from 'antd-mobile-icons'
import { ORDER_TABS } from '../../domain/order'
import type { MeOverview } from './api'
import { familyListHref } from '../family/paths'
import { ordersHref } from '../orders/paths'
import { policiesHref, policyLookupHref, renewalHref } from '../policies/paths'
import { claimListHref } from '../claims/paths'
import { consultantsHref } from '../appointments/paths'
import { feedbackHref } from '../feedback/paths'
import { pointsHref } from '../points/paths'
import { messageCenterHref } from '../messages/paths'
import { faqHref } from '../help/paths'
import { serviceHref } from '../service/paths'
import { riskAssessmentHref } from '../risk/paths'
import { cartHref } from '../cart/paths'
import { couponsHref, prizesHref } from '../campaigns/paths'

// What the 我的 tab links to. An entry shows only while the route table has its screen (useHasRoute).

export interface UserEntry {
  key: string
  path: string
  title: string
  icon: ReactNode
}

/** 我的服务: the grid of entries below the orders. Paths as the specification names the screens. */
export const SERVICE_ENTRIES: readonly UserEntry[] = [
  { key: 'policy', path: policiesHref(), title: '我的保单', icon: <FileOutline /> },
  { key: 'renewal', path: renewalHref(), title: '续保', icon: <LoopOutline /> },
  { key: 'cart', path: cartHref(), title: '购物车', icon: <ShopbagOutline /> },
  { key: 'family', path: familyListHref(), title: '家庭成员', icon: <TeamOutline /> },
  { key: 'claims', path: claimListHref(), title: '理赔服务', icon: <HandPayCircleOutline /> },
  { key: 'lookup', path: policyLookupHref(), title: '保单查询', icon: <SearchOutline /> },
  { key: 'points', path: pointsHref(), title: '我的积分', icon: <GiftOutline /> },
  { key: 'coupons', path: couponsHref(), title: '我的券', icon: <CouponOutline /> },
  { key: 'prizes', path: prizesHref(), title: '我的奖品', icon: <TruckOutline /> },
  { key: 'messages', path: messageCenterHref(), title: '消息中心', icon: <BellOutline /> },
  { key: 'risk', path: riskAssessmentHref(), title: '风险测评', icon: <PieOutline /> },
  { key: 'service', path: faqHref(), title: '常见问题', icon: <QuestionCircleOutline /> },
  { key: 'online-service', path: serviceHref(), title: '在线客服', icon: <MessageOutline /> },
  { key: 'consultant', path: consultantsHref(), title: '保险顾问', icon: <UserContactOutline /> },
  { key: 'feedback', path: feedbackHref(), title: '意见反馈', icon: <EditSOutline /> },
]

const ORDER_ICONS: Record<string, ReactNode> = {
  unpaid: <PayCircleOutline />,
  issued: <CheckShieldOutline />,
  closed: <CloseCircleOutline />,
  surrendered: <ReceivePaymentOutline />,
}

export interface OrderShortcut extends UserEntry {
  /** Orders in this tab's statuses, or undefined while unknown. */
  count: (overview: MeOverview | undefined) => number | undefined
}

/** One shortcut per status tab of /orders (ORDER_TABS), opening that tab. */
export const ORDER_SHORTCUTS: readonly OrderShortcut[] = ORDER_TABS.filter((tab) => tab.key !== 'all').map(
  (tab) => ({
    key: tab.key,
    path: ordersHref(tab.key),
    title: tab.title,
    icon: ORDER_ICONS[tab.key] ?? <FileOutline />,
    count: (overview) => overview && tab.statuses.reduce((sum, status) => sum + overview.orders[status], 0),
  }),
)
