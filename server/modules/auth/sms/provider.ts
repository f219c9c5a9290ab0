// The SMS seam: codes and notices leave the server through this interface. Demo mode keeps them in the outbox
// (sms/demo.ts); production sends them through Alibaba Cloud SMS (sms/aliyun/).

export interface SmsProvider {
  /** "demo" marks the outbox, which production mode refuses. */
  readonly name: string
  /** Resolves when the gateway accepted the message; throws SmsSendError when it did not. */
  sendLoginCode(phone: string, code: string, message: string): Promise<void>
  /**
   * A policy lookup's code (/scratch). Optional for the same reason as a notice: it needs a template of its own
   * (a login template would tell the holder someone is logging in); without it the lookup says it is unavailable.
   */
  sendLookupCode?(phone: string, code: string, message: string): Promise<void>
  /**
   * A campaign form's phone verification (the form block). Optional, with a template of its own for the same
   * reason; without it a form with a phone field cannot be sent.
   */
  sendFormCode?(phone: string, code: string, message: string): Promise<void>
  /**
   * A notice without a code (an appointment confirmed or cancelled). Optional: a gateway sends only the templates
   * it has approved, so a provider without a notice template leaves this out and the notice is not sent by SMS
   * (the message center still has it).
   */
  sendNotice?(phone: string, message: string): Promise<void>
  /**
   * A policy issued, with its e-policy link (messages/smsNotices.ts). Optional, with a template of its own
   * (ALIYUN_SMS_POLICY_TEMPLATE_CODE) filled with `params`; without it the message center and 我的保单 still have it.
   */
  sendPolicyIssued?(phone: string, params: PolicyIssuedSms, message: string): Promise<void>
}

/** What a policy-issued template is filled with. */
export interface PolicyIssuedSms {
  product: string
  policyNo: string
  /** The signed no-login address of the policy and its e-policy (/policy/policyDetaiU?token=…). */
  link: string
}

/** The gateway refused or could not be reached; `reason` is for the log, never shown to the user. */
export class SmsSendError extends Error {
  readonly name = 'SmsSendError'
  constructor(
    readonly reason: string,
    /** The gateway's own rate limit for this phone (e.g. Alibaba Cloud's isv.BUSINESS_LIMIT_CONTROL). */
    readonly rateLimited = false,
  ) {
    super(`SMS not sent: ${reason}`)
  }
}
