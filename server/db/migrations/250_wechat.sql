-- Inside WeChat and the company's app (docs/wechat.md).
--
-- wechat_bindings: a WeChat user (openid under one official account's appid) bound to one phone account, after
-- one SMS verification; later visits in WeChat log in by it. One openid per account and appid, and one account
-- per openid. nickname and avatar_url are WeChat's, kept only when the user agreed to snsapi_userinfo.
CREATE TABLE wechat_bindings (
  appid text NOT NULL,
  openid text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  unionid text,
  nickname text,
  avatar_url text,
  bound_at timestamptz NOT NULL,
  PRIMARY KEY (appid, openid),
  UNIQUE (appid, user_id)
);

-- One row per web-authorization round trip: the state parameter the callback must bring back (also in a cookie
-- of the browser that started it), used once; code_hash makes an authorization code exchangeable once.
CREATE TABLE wechat_oauth_states (
  state text PRIMARY KEY,
  scope text NOT NULL CHECK (scope IN ('snsapi_base', 'snsapi_userinfo')),
  return_to text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  code_hash text UNIQUE
);
CREATE INDEX wechat_oauth_states_created ON wechat_oauth_states (created_at);

-- A WeChat user who authorized but has no account bound yet: the login that follows binds it. The browser holds
-- the token in an HttpOnly cookie; the row keeps only its hash.
CREATE TABLE wechat_pending_bindings (
  token_hash text PRIMARY KEY,
  appid text NOT NULL,
  openid text NOT NULL,
  unionid text,
  nickname text,
  avatar_url text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX wechat_pending_bindings_expires ON wechat_pending_bindings (expires_at);

-- WeChat's global access_token and jsapi_ticket, shared by every process (WeChat allows a limited number of
-- fetches a day, and a new token retires the old one after 5 minutes). refreshing_until is the lease of the
-- one process that fetches a new value; the others keep using the current one meanwhile.
CREATE TABLE wechat_tokens (
  kind text PRIMARY KEY,
  value text NOT NULL DEFAULT '',
  expires_at timestamptz NOT NULL,
  refreshing_until timestamptz
);
