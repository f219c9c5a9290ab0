import { HttpError } from '../../../lib/request'

/** 404, or 400 for an id that cannot exist (bad characters in a shared link): the product is not there. */
export function isMissingProduct(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 404 || error.status === 400)
}
