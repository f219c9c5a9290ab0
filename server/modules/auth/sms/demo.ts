import type { Kysely } from 'kysely'
import type { FastifyBaseLogger } from 'fastify'
import { maskPhone } from '../../../../src/domain/phone'
import type { DB } from '../../../db/schema'
import type { PolicyIssuedSms, SmsProvider } from './provider'

/** Demo mode: no SMS leaves the machine; the message goes to the sms_outbox table (read by the login page). */
export class DemoSmsProvider implements SmsProvider {
  readonly name = 'demo'
  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  async sendLoginCode(phone: string, code: string, message: string): Promise<void> {
    await this.db.insertInto('sms_outbox').values({ phone, code, message, created_at: this.now() }).execute()
    this.log.info({ phone: maskPhone(phone) }, 'demo SMS kept in the outbox (not sent)')
  }

  async sendLookupCode(phone: string, code: string, message: string): Promise<void> {
    await this.sendLoginCode(phone, code, message)
  }

  async sendFormCode(phone: string, code: string, message: string): Promise<void> {
    await this.sendLoginCode(phone, code, message)
  }

  /** A notice has no code: kept with an empty one, which the login page's outbox reader skips. */
  async sendNotice(phone: string, message: string): Promise<void> {
    await this.db
      .insertInto('sms_outbox')
      .values({ phone, code: '', message, created_at: this.now() })
      .execute()
    this.log.info({ phone: maskPhone(phone) }, 'demo SMS notice kept in the outbox (not sent)')
  }

  async sendPolicyIssued(phone: string, _params: PolicyIssuedSms, message: string): Promise<void> {
    await this.sendNotice(phone, message)
  }
}
