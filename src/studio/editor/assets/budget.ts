// The weight budget of one page image: above it a phone on a slow network waits visibly for the picture.

/** 300 KB: the library and the image field warn above it. */
export const IMAGE_BUDGET_BYTES = 300 * 1024

/** A weight as people read it: 412 KB, 1.2 MB. */
export function formatWeight(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export const isOverBudget = (bytes: number) => bytes > IMAGE_BUDGET_BYTES

/** The warning at a field whose image is over the budget. */
export const overBudgetWarning = (bytes: number) =>
  `图片 ${formatWeight(bytes)}，超过 ${formatWeight(IMAGE_BUDGET_BYTES)} 建议压缩，手机加载会变慢`
