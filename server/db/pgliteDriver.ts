import { PGliteDialect, PGliteDriver, type DatabaseConnection, type Driver } from 'kysely'

/**
 * kysely's PGlite driver shares one connection: a query issued while another request's transaction is
 * open would run inside that transaction. PGlite executes one statement at a time anyway, so we hand
 * the connection out to one user at a time (a whole transaction holds it) at no cost in throughput.
 */
class SerializedPGliteDriver extends PGliteDriver implements Driver {
  #queue: Promise<void> = Promise.resolve()
  #release: (() => void) | undefined

  override async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue
    let release!: () => void
    this.#queue = new Promise<void>((resolve) => (release = resolve))
    await previous
    this.#release = release
    return super.acquireConnection()
  }

  override async releaseConnection(): Promise<void> {
    const release = this.#release
    this.#release = undefined
    release?.()
  }
}

export class SerializedPGliteDialect extends PGliteDialect {
  readonly #config: ConstructorParameters<typeof PGliteDialect>[0]
  constructor(config: ConstructorParameters<typeof PGliteDialect>[0]) {
    super(config)
    this.#config = config
  }
  override createDriver(): Driver {
    return new SerializedPGliteDriver(this.#config)
  }
}
