/** The moment a build renders its pages for: now, or the e2e run's start (its server's clock, playwright.config.ts). */
export const buildMoment = (): number =>
  process.env.E2E_START ? Date.parse(process.env.E2E_START) : Date.now()
