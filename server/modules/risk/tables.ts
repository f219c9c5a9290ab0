import type { ColumnType } from 'kysely'
import type { RiskAnswer, RiskLevel } from '../../../src/domain/riskAssessment'
import type { Json, Timestamp } from '../../db/columns'

// The risk assessments table (135_risk_assessments.sql); the SQL is the truth.

export interface RiskAssessmentsTable {
  id: string
  /** bigint identity: read as a string, never written. */
  seq: ColumnType<string, never, never>
  user_id: string
  answers: Json<RiskAnswer[]>
  score: number
  level: RiskLevel
  assessed_at: Timestamp
  expires_at: Timestamp
}

export interface RiskTables {
  risk_assessments: RiskAssessmentsTable
}
