// Times leave the API as ISO 8601 in Asia/Shanghai (+08:00, no DST).
const OFFSET_MS = 8 * 3600_000

export function toIso(date: Date): string {
  return `${new Date(date.getTime() + OFFSET_MS).toISOString().slice(0, 23)}+08:00`
}
