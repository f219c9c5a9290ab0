const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?!\/)|#)/i

/** Keeps only http(s), mailto, tel and in-site links; anything else (javascript:, data:, //host) is dropped. */
export function safeUrl(url: string): string {
  return SAFE_LINK.test(url.trim()) ? url : ''
}
