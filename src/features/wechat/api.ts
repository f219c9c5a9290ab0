import useSWR from 'swr'
import { del, get } from '../../lib/request'
import { withQuery } from '../../lib/href'
import type { JsConfig, MyWechat, WechatConfig } from '../../types/generated/api/wechat'

// WeChat (schemas/api/wechat.schema.json): what the server has configured, the JS-SDK's signed config, web
// authorization (a browser navigation, not a request) and the user's binding.

export type { JsConfig, MyWechat, WechatConfig }

export const wechatConfigKey = '/api/wechat/config'

/** What the server offers; cached like any GET (it changes only with a restart). */
export const fetchWechatConfig = () => get<WechatConfig>(wechatConfigKey, { timeout: 5000 })

export const useWechatConfig = (ask = true) =>
  useSWR<WechatConfig>(ask ? wechatConfigKey : null, { revalidateIfStale: false })

/** The JS-SDK config signed for a page URL (without #). */
export const fetchJsSdkConfig = (url: string) =>
  get<JsConfig>('/api/wechat/js-config', { params: { url }, cache: false, timeout: 8000 })

export type WechatScope = 'base' | 'userinfo'

/**
 * Where the browser goes for WeChat's web authorization (the server redirects on to WeChat, then back to
 * `returnTo`, a path of this site): `base` identifies the WeChat user silently, `userinfo` asks for the avatar
 * and nickname.
 */
export const wechatAuthorizeHref = (scope: WechatScope, returnTo: string) =>
  withQuery('/api/wechat/oauth/start', { scope, returnTo })

export const wechatBindingKey = '/api/me/wechat'

export const useWechatBinding = (ask = true) => useSWR<MyWechat>(ask ? wechatBindingKey : null)

/** Unbinds the WeChat account: later visits in WeChat no longer log in silently. */
export const unbindWechat = () => del<{ ok: true }>(wechatBindingKey)
