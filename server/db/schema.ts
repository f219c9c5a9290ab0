import type { AnalyticsTables } from '../modules/analytics/tables'
import type { WechatTables } from '../modules/wechat/tables'
import type { AuthTables } from '../modules/auth/tables'
import type { GiftTables } from '../modules/campaigns/gifts/tables'
import type { CampaignTables } from '../modules/campaigns/tables'
import type { GuessTables } from '../modules/campaigns/guess/tables'
import type { CartTables } from '../modules/cart/tables'
import type { CatalogTables } from '../modules/catalog/tables'
import type { ContentTables } from '../modules/content/tables'
import type { ClaimTables } from '../modules/claims/tables'
import type { FamilyTables } from '../modules/family/tables'
import type { MemberTables } from '../modules/member/tables'
import type { PaymentTables } from '../modules/payments/tables'
import type { PartnerTables } from '../modules/partners/tables'
import type { PolicyTables } from '../modules/policies/tables'
import type { PurchaseTables } from '../modules/purchase/tables'
import type { MessageTables } from '../modules/messages/tables'
import type { PointsTables } from '../modules/points/tables'
import type { RiskTables } from '../modules/risk/tables'
import type { MediaTables } from '../modules/media/tables'
import type { FeedbackTables } from '../modules/feedback/tables'
import type { ServiceTables } from '../modules/service/tables'
import type { AppointmentTables } from '../modules/appointments/tables'
import type { PlatformTables } from '../platform/tables'
import type { StudioTables } from '../modules/studio/tables'
import type { TrailTables } from '../modules/trail/tables'
import type { Timestamp } from './columns'

// The Kysely database type: each module's tables.ts, composed. The SQL in migrations/ is the truth.

export interface AppMetaTable {
  key: string
  value: string
}

export interface SchemaMigrationsTable {
  name: string
  applied_at: Timestamp
}

export interface DB
  extends
    PlatformTables,
    AuthTables,
    CatalogTables,
    PurchaseTables,
    PaymentTables,
    PolicyTables,
    FamilyTables,
    PointsTables,
    MessageTables,
    MemberTables,
    RiskTables,
    MediaTables,
    FeedbackTables,
    ContentTables,
    AppointmentTables,
    ClaimTables,
    CartTables,
    CampaignTables,
    GuessTables,
    GiftTables,
    PartnerTables,
    StudioTables,
    TrailTables,
    ServiceTables,
    AnalyticsTables,
    WechatTables {
  app_meta: AppMetaTable
  schema_migrations: SchemaMigrationsTable
}
