// What each `pattern` of the schemas asks for, in words: a person is never shown a regular expression.
// tests/scripts/errorSentences.test.ts checks that every pattern of the schemas has its words here.

const PATTERN_WORDS: Record<string, string> = {
  '^[a-z0-9][a-z0-9-]{2,39}$': '只能用小写字母、数字和 -，3–40 个字符',
  '^[a-z0-9][a-z0-9-]{1,39}$': '只能用小写字母、数字和 -，2–40 个字符',
  '^[a-z0-9][a-z0-9-]{1,49}$': '只能用小写字母、数字和 -，2–50 个字符',
  '^[a-z0-9][a-z0-9-]{0,19}$': '只能用小写字母、数字和 -，最多 20 个字符',
  '^[A-Za-z][A-Za-z0-9_]*$': '只能用字母、数字和下划线，以字母开头',
  '^[A-Za-z][A-Za-z0-9_-]{0,39}$': '只能用字母、数字、下划线和 -，以字母开头，最多 40 个字符',
  '^[A-Za-z0-9_-]{1,40}$': '只能用字母、数字、下划线和 -，最多 40 个字符',
  '^[a-z][a-zA-Z0-9]{1,29}$': '只能用字母和数字，以小写字母开头，2–30 个字符',
  '^[a-z][A-Za-z0-9]{0,19}$': '只能用字母和数字，以小写字母开头，最多 20 个字符',
  '^https://[^\\s/]+(/[^\\s]*)?$': '应是 https:// 开头的网址',
  '^/api(/[A-Za-z0-9_-]+)+$': '应是 /api/ 开头的接口路径',
  '^\\d{4}-(0[1-9]|1[0-2])$': '应写成年-月，如 2027-01',
  '^/(?![/\\\\])[^\\s\\\\]*$': '应是以 / 开头的站内路径，不含空格',
  '^/(?![/\\\\])[^\\s?#\\\\]+\\.(png|jpe?g|webp|svg)$':
    '应是站内图片路径（.png、.jpg、.webp 或 .svg），如 /a/b.png',
  '^(user|signIn|common|native|params)(\\.[A-Za-z0-9_]+)+$':
    '应是 user.、signIn.、common.、native.、params. 开头的状态路径',
  '^(/(?![/\\\\])[^\\s?#\\\\]+\\.mp4|https://media\\.guoheng-demo\\.com/[^\\s?#\\\\]+\\.mp4)$':
    '应是站内或本站媒体域名下的 .mp4 视频',
  '\\+08:00$': '须以 +08:00 结尾（北京时间）',
  '(Z|[+-]\\d{2}:\\d{2})$': '须带时区，如 +08:00',
}

const COLOR = /^\^\(#/

/** The words for a schema pattern; a pattern without words gets a general sentence, never the expression. */
export function patternWords(pattern: string): string | undefined {
  if (COLOR.test(pattern)) return '应是颜色，如 #ff6600、rgba(255, 102, 0, 0.5) 或 transparent'
  return PATTERN_WORDS[pattern]
}
