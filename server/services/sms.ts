import type { Kysely } from 'kysely'
import type { FastifyBaseLogger } from 'fastify'
import type { DB } from '../db/schema'

/** Where login codes go. Production plugs a real SMS gateway in here. */
export interface SmsProvider {
  /** "demo" marks the sandbox, which production mode refuses. */
  readonly name: string
  sendLoginCode(phone: string, code: string, message: string): Promise<void>
}

/** Demo mode: no SMS leaves the machine; the message goes to the log and the sms_outbox table. */
export class DemoSmsProvider implements SmsProvider {
  readonly name = 'demo'
  constructor(
    private readonly db: Kysely<DB>,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date,
  ) {}

  async sendLoginCode(phone: string, code: string, message: string): Promise<void> {
    await this.db.insertInto('sms_outbox').values({ phone, code, message, created_at: this.now() }).execute()
    this.log.info({ phone, sms: message }, 'demo SMS (not sent)')
  }
}
