// The purchase screens' own words (not the product's): what a buyer is told and agrees to on the way to paying.
// They are a sales page like the catalog (可回溯): the server keeps each version of this object with its online
// and offline times (server/modules/trail/versions.ts), and a sale's trail names the version its screens showed.
// `{…}` marks a value the screen fills in (the product's name, the cooling-off days, the documents' titles).

export const PURCHASE_TEXTS = {
  recordingNotice:
    '根据监管要求，您在本页面及后续投保页面的浏览和操作将被记录（互联网保险销售行为可回溯），用于证明您已充分了解产品信息。',
  recordingUse: '我们仅在投保范围内使用这些记录，并依法保护您的个人信息。',
  documentsAgreement: '我已阅读并同意{documents}，已知晓投保过程将被记录',
  healthNotice:
    '请如实告知被保险人（{insured}）的健康状况。未如实告知可能导致保险公司解除合同、不承担赔付责任。',
  partnerAgreement: '我已阅读并同意投保须知及保险条款，确认所填信息真实有效',
  coolingOff: '犹豫期：自保单生效之日起{days}日内为犹豫期，期间解除合同将全额退还保费',
  noCoolingOff: '本产品不设犹豫期',
  /** Asked with every login (src/features/member/LoginPage.tsx) and recorded in each sale's trail. */
  sensitiveConsent: '同意为投保、理赔处理我的敏感个人信息',
  policyRecorded:
    '根据《互联网保险销售行为可回溯管理暂行办法》，您投保时看到的页面版本、阅读和确认的文件、健康告知、同意事项、报价与支付均已记录，仅用于核查销售过程，合同终止后按规定保存 5 年（保障一年及以下）或 10 年。',
} as const

export type PurchaseTextKey = keyof typeof PURCHASE_TEXTS

/** A text with its `{name}` places filled in. */
export function purchaseText(key: PurchaseTextKey, values: Record<string, string | number> = {}): string {
  return PURCHASE_TEXTS[key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  )
}
