import { PartnerUnavailable, type CallbackCheck, type PartnerAdapter } from './adapter'

/** No partner configured (production without PARTNER_HUATING_URL): every call is "unavailable", no callback holds. */
export class UnconfiguredAdapter implements PartnerAdapter {
  readonly partner = 'huating' as const
  private fail(): never {
    throw new PartnerUnavailable('unreachable', 'no partner configured')
  }
  quote = async () => this.fail()
  underwrite = async () => this.fail()
  issue = async () => this.fail()
  query = async () => this.fail()
  surrender = async () => this.fail()
  cancel = async () => this.fail()
  verifyCallback(): CallbackCheck {
    return { ok: false, reason: 'signature' }
  }
}
