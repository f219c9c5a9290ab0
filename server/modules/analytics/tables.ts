import type { ColumnType } from 'kysely'
import type { Json, NullableTimestamp, Timestamp } from '../../db/columns'

// Tables of analytics and A/B tests (246_analytics.sql); the SQL is the truth.

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>
/** A date column (Beijing day), read and written as 'YYYY-MM-DD'. */
type Day = ColumnType<string, string, string>

export type AnalyticsKind =
  | 'page_view'
  | 'block_impression'
  | 'block_click'
  | 'funnel'
  | 'campaign_draw'
  | 'campaign_entry'
  | 'campaign_claim'
  | 'order_paid'

export interface AnalyticsEventsTable {
  day: Day
  event_id: string
  kind: AnalyticsKind
  occurred_at: Timestamp
  received_at: Timestamp
  visitor: string
  session: Nullable<string>
  page_id: Nullable<string>
  page_version: Nullable<number>
  phase: Nullable<string>
  experiment_id: Nullable<string>
  variant: Nullable<string>
  block_id: Nullable<string>
  source: Nullable<string>
  step: Nullable<string>
  product_id: Nullable<string>
  campaign_id: Nullable<string>
  amount_fen: Nullable<string | number>
  won: Nullable<boolean>
  ip_prefix: Nullable<string>
}

export interface AnalyticsOrderVisitorsTable {
  order_id: string
  visitor: string
  created_at: Timestamp
}

export interface AnalyticsHourlyTable {
  hour: Timestamp
  day: Day
  page_id: string
  page_version: number
  phase: string
  experiment_id: string
  variant: string
  kind: string
  block_id: string
  source: string
  step: string
  campaign_id: string
  /** bigint: read as a string by pg. */
  events: ColumnType<string | number, number, number>
  visitors: ColumnType<string | number, number, number>
  wins: ColumnType<string | number, number, number>
  amount_fen: ColumnType<string | number, number, number>
}

export type FunnelStage = 'view' | 'click' | 'product' | 'notice' | 'info' | 'pay' | 'paid'

export interface AnalyticsVisitorsTable {
  page_id: string
  day: Day
  stage: FunnelStage
  variant: string
  visitor: string
}

export interface AnalyticsRollupStateTable {
  id: number
  rolled_up_to: Timestamp
}

export interface ExperimentVariant {
  /** 'A' (the control), 'B', … */
  key: string
  version: number
  weight: number
  label: string
}

export type ExperimentGoal = { kind: 'click'; blockId: string } | { kind: 'draw' } | { kind: 'paid' }

export interface PageExperimentsTable {
  id: string
  page_id: string
  name: string
  status: 'draft' | 'running' | 'stopped'
  variants: Json<ExperimentVariant[]>
  goal: Json<ExperimentGoal>
  baseline_rate: number
  min_effect: number
  sample_per_variant: number
  started_at: NullableTimestamp
  stopped_at: NullableTimestamp
  winner: Nullable<string>
  created_by: number
  created_at: Timestamp
}

export interface AnalyticsExperimentVisitorsTable {
  experiment_id: string
  visitor: string
  variant: string
  exposed_at: Timestamp
  converted_at: NullableTimestamp
}

export interface AnalyticsTables {
  analytics_events: AnalyticsEventsTable
  analytics_order_visitors: AnalyticsOrderVisitorsTable
  analytics_hourly: AnalyticsHourlyTable
  analytics_visitors: AnalyticsVisitorsTable
  analytics_rollup_state: AnalyticsRollupStateTable
  page_experiments: PageExperimentsTable
  analytics_experiment_visitors: AnalyticsExperimentVisitorsTable
}
