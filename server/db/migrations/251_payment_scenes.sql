-- WeChat Pay scenes beside Native (QR): H5 (MWEB, a phone browser outside WeChat), JSAPI (inside WeChat, with the
-- payer's openid) and APP (the company app through WeChat's OpenSDK). Earlier payments are Native.
-- invoke: what the browser or the app calls WeChat's pay with (JSAPI's getBrandWCPayRequest parameters, the
-- app's PayReq), signed with the merchant key; it is shown to the payer and holds no secret. NULL for Native and H5.
ALTER TABLE payments ADD COLUMN scene text NOT NULL DEFAULT 'native'
  CHECK (scene IN ('native', 'h5', 'jsapi', 'app'));
ALTER TABLE payments ADD COLUMN invoke jsonb;
