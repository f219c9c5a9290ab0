/** Hot search words shown on the search screen and as suggestions when a search finds nothing. */
export const HOT_WORDS = ['百万医疗', '意外险', '重疾', '旅行', '少儿', '定期寿险', '年金', '家财'] as const
