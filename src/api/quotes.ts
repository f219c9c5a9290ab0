import useSWR from 'swr'
import { post } from '../lib/request'
import type { Quote, QuoteRequest } from '../types/generated/api/quote'

export type { Quote, QuoteRequest } from '../types/generated/api/quote'

export const quotesUrl = '/api/quotes'

export function postQuote(input: QuoteRequest): Promise<Quote> {
  return post<Quote>(quotesUrl, input)
}

/**
 * The premium for the current trial factors, re-priced whenever they change; null factors = nothing to price.
 * The last price stays visible while the next one loads.
 */
export function useQuote(input: QuoteRequest | null) {
  return useSWR<Quote, unknown, readonly [string, QuoteRequest] | null>(
    input ? [quotesUrl, input] : null,
    ([, body]) => postQuote(body),
    { keepPreviousData: true },
  )
}
