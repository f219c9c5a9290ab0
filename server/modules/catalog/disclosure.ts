import type { Kysely } from 'kysely'
import type { Disclosure, InsurerDisclosure } from '../../../src/types/generated/api/disclosure'
import type { DB } from '../../db/schema'
import { notFound } from '../../platform/errors'
import { PLATFORM_OPERATOR } from './platformOperator'

/** Service and disclosure: the platform's intermediary (its config) and the insurer of a product (its record). */
export class DisclosureService {
  constructor(private readonly db: Kysely<DB>) {}

  /** The platform, and the insurer of `productId` when given (null when it has no disclosure record). */
  async forProduct(productId: string | undefined): Promise<Disclosure> {
    if (productId === undefined) return { platform: PLATFORM_OPERATOR, insurer: null }
    const product = await this.db
      .selectFrom('products')
      .select('insurer_code')
      .where('id', '=', productId)
      .executeTakeFirst()
    if (!product) throw notFound('产品')
    return { platform: PLATFORM_OPERATOR, insurer: await this.insurer(product.insurer_code) }
  }

  async insurer(code: string): Promise<InsurerDisclosure | null> {
    const row = await this.db
      .selectFrom('insurers as i')
      .innerJoin('insurer_disclosures as d', 'd.insurer_code', 'i.code')
      .select(['i.code', 'i.name', 'i.short_name', 'i.logo'])
      .selectAll('d')
      .where('i.code', '=', code)
      .executeTakeFirst()
    if (!row) return null
    return {
      code: row.code,
      name: row.name,
      shortName: row.short_name,
      logo: row.logo,
      licenceNo: row.licence_no,
      creditCode: row.credit_code,
      registeredAddress: row.registered_address,
      hotline: row.hotline,
      complaintPhone: row.complaint_phone,
      website: row.website,
      solvency: {
        quarter: row.solvency_quarter,
        comprehensiveRatioPct: row.comprehensive_solvency_pct,
        coreRatioPct: row.core_solvency_pct,
        riskRating: row.risk_rating,
      },
      serviceRating: { year: row.service_rating_year, grade: row.service_rating },
    }
  }
}
