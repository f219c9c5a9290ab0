import type { ColumnType } from 'kysely'
import type { Timestamp } from '../../db/columns'

// Tables of WeChat bindings, web-authorization states and shared tokens (250_wechat.sql); the SQL is the truth.

type NullableTime = ColumnType<Date | null, Date | null | undefined, Date | null>

export interface WechatBindingsTable {
  appid: string
  openid: string
  user_id: string
  unionid: string | null
  nickname: string | null
  avatar_url: string | null
  bound_at: Timestamp
}

export interface WechatOauthStatesTable {
  state: string
  scope: 'snsapi_base' | 'snsapi_userinfo'
  return_to: string
  created_at: Timestamp
  used_at: NullableTime
  code_hash: ColumnType<string | null, string | null | undefined, string | null>
}

export interface WechatPendingBindingsTable {
  token_hash: string
  appid: string
  openid: string
  unionid: string | null
  nickname: string | null
  avatar_url: string | null
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTime
}

export interface WechatTokensTable {
  kind: string
  value: ColumnType<string, string | undefined, string>
  expires_at: Timestamp
  refreshing_until: NullableTime
}

export interface WechatTables {
  wechat_bindings: WechatBindingsTable
  wechat_oauth_states: WechatOauthStatesTable
  wechat_pending_bindings: WechatPendingBindingsTable
  wechat_tokens: WechatTokensTable
}
