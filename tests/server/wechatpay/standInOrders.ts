import { isIP } from 'node:net'

// The stand-in's checks of a 下单 request body, per scene, as WeChat Pay API v3 documents them (Native, H5, JSAPI
// and APP 下单: /v3/pay/transactions/{native,h5,jsapi,app}). Written apart from the adapter's code.

export type StandInScene = 'native' | 'h5' | 'jsapi' | 'app'

export interface Reply {
  status: number
  /** JSON body; absent for 204. */
  body?: object
}

/** The fields of an accepted order request. */
export interface OrderFields {
  appid: string
  description: string
  total: number
  notifyUrl: string
  timeExpire: string | null
  /** JSAPI: payer.openid. */
  openid: string | null
  /** H5: scene_info.payer_client_ip (optional elsewhere). */
  payerClientIp: string | null
  /** H5: scene_info.h5_info.type. */
  h5Type: string | null
}

export interface MerchantAccounts {
  mchid: string
  /** The official account (公众号) bound to the merchant: Native, H5, JSAPI. */
  appid: string
  /** The mobile app (移动应用) bound to the merchant, if any: Native, H5, APP. */
  appAppid: string | null
}

export const OUT_TRADE_NO = /^[0-9A-Za-z_\-|*]{6,32}$/
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/
/** scene_info.h5_info.type: 场景类型. */
const H5_TYPES = ['iOS', 'Android', 'Wap']

export const error = (status: number, code: string, message: string): Reply => ({
  status,
  body: { code, message },
})
export const paramError = (message: string) => error(400, 'PARAM_ERROR', message)

export function obj(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}
export const isFen = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1
export const chars = (v: unknown) => (typeof v === 'string' ? [...v].length : -1)

/** WeChat wants an absolute http(s) URL without a query. */
export function badNotifyUrl(value: unknown): boolean {
  if (typeof value !== 'string') return true
  try {
    const url = new URL(value)
    return !['http:', 'https:'].includes(url.protocol) || url.search !== '' || chars(value) > 255
  } catch {
    return true
  }
}

/** scene_info: payer_client_ip (IPv4 or IPv6), and for H5 the h5_info with its type. */
function checkSceneInfo(scene: StandInScene, b: Record<string, unknown>): Reply | null {
  const info = obj(b.scene_info)
  if (b.scene_info === undefined && scene !== 'h5') return null
  if (!info) return paramError('缺少参数 scene_info')
  const ip = info.payer_client_ip
  if (typeof ip !== 'string' || !ip) return paramError('缺少参数 scene_info.payer_client_ip')
  if (!isIP(ip)) return paramError('scene_info.payer_client_ip 格式错误，应为IPv4或IPv6地址')
  if (scene !== 'h5') return null
  const h5 = obj(info.h5_info)
  if (!h5) return paramError('缺少参数 scene_info.h5_info')
  if (typeof h5.type !== 'string' || !h5.type) return paramError('缺少参数 scene_info.h5_info.type')
  if (!H5_TYPES.includes(h5.type)) return paramError('scene_info.h5_info.type 应为 iOS、Android 或 Wap')
  return null
}

/** The appid must be bound to the merchant, and of a kind the scene takes. */
function checkAppid(scene: StandInScene, appid: string, accounts: MerchantAccounts): Reply | null {
  const official = appid === accounts.appid
  const mobile = accounts.appAppid !== null && appid === accounts.appAppid
  if (!official && !mobile) return error(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配')
  if (scene === 'jsapi' && !official) return paramError('JSAPI下单的appid须为公众号或小程序的appid')
  if (scene === 'app' && !mobile) return paramError('APP下单的appid须为移动应用的appid')
  return null
}

export function checkOrder(
  scene: StandInScene,
  input: unknown,
  accounts: MerchantAccounts,
): { ok: true; fields: OrderFields } | { ok: false; reply: Reply } {
  const fail = (reply: Reply) => ({ ok: false as const, reply })
  const b = obj(input)
  if (!b) return fail(paramError('请求体不是JSON对象'))
  const amount = obj(b.amount)
  if (typeof b.appid !== 'string' || typeof b.mchid !== 'string')
    return fail(paramError('缺少参数 appid/mchid'))
  if (chars(b.description) < 1 || chars(b.description) > 127)
    return fail(paramError('description 长度应为1-127'))
  if (typeof b.out_trade_no !== 'string' || !OUT_TRADE_NO.test(b.out_trade_no))
    return fail(paramError('out_trade_no 格式错误'))
  if (b.time_expire !== undefined && (typeof b.time_expire !== 'string' || !RFC3339.test(b.time_expire)))
    return fail(paramError('time_expire 不是 rfc3339 格式'))
  if (badNotifyUrl(b.notify_url)) return fail(paramError('notify_url 格式错误'))
  if (!amount || !isFen(amount.total)) return fail(paramError('amount.total 应为正整数（分）'))
  if (amount.currency !== undefined && amount.currency !== 'CNY')
    return fail(paramError('amount.currency 仅支持CNY'))
  const payer = obj(b.payer)
  if (scene === 'jsapi') {
    if (!payer || typeof payer.openid !== 'string') return fail(paramError('缺少参数 payer.openid'))
    if (chars(payer.openid) < 1 || chars(payer.openid) > 128)
      return fail(paramError('payer.openid 长度应为1-128'))
  } else if (b.payer !== undefined) {
    return fail(paramError('该下单接口不接受参数 payer'))
  }
  const sceneProblem = checkSceneInfo(scene, b)
  if (sceneProblem) return fail(sceneProblem)
  if (b.mchid !== accounts.mchid) return fail(paramError('mchid 与请求商户号不一致'))
  const appidProblem = checkAppid(scene, b.appid, accounts)
  if (appidProblem) return fail(appidProblem)
  const info = obj(b.scene_info)
  return {
    ok: true,
    fields: {
      appid: b.appid,
      description: b.description as string,
      total: amount.total,
      notifyUrl: b.notify_url as string,
      timeExpire: (b.time_expire as string | undefined) ?? null,
      openid: scene === 'jsapi' && payer ? (payer.openid as string) : null,
      payerClientIp: typeof info?.payer_client_ip === 'string' ? info.payer_client_ip : null,
      h5Type: scene === 'h5' ? (obj(info?.h5_info)?.type as string) : null,
    },
  }
}
