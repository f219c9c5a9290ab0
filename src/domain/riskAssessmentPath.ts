// A module of its own: the app's path table, which every page loads (src/features/risk/paths.ts), needs this and
// not the questionnaire and its scoring (riskAssessment.ts).

/** The screen where the questionnaire is taken; the purchase gates' 409s link to it. */
export const RISK_ASSESSMENT_PATH = '/riskAssessment'
