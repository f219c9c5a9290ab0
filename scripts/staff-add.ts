// npm run staff:add -- --username zhangsan --name 张三 --role publisher
// Creates a studio account. The password comes from STAFF_PASSWORD, or is asked on the terminal (not echoed).
// Reads the same environment as the server (DATABASE_URL or DATA_DIR); a PGlite DATA_DIR held by a running
// server is refused (stop it, or run against DATABASE_URL).
import { createInterface } from 'node:readline'
import { Writable } from 'node:stream'
import { buildApp } from '../server/app'
import { ApiError } from '../server/platform/errors'
import { ConfigError, loadConfig } from '../server/platform/config'
import { appOptionsFromEnv } from '../server/platform/providers'
import type { StaffRole } from '../src/types/generated/api/studio'

const ROLES: StaffRole[] = ['editor', 'publisher', 'admin', 'compliance', 'agent']
const args = process.argv.slice(2)
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}

function fail(message: string): never {
  console.error(`[staff:add] ${message}`)
  process.exit(2)
}

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) fail('请用环境变量 STAFF_PASSWORD 提供密码（或在终端中运行以输入密码）')
  let muted = false
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk as Buffer)
      done()
    },
  })
  const rl = createInterface({ input: process.stdin, output, terminal: true })
  const question = (prompt: string) =>
    new Promise<string>((resolve) => {
      muted = false
      rl.question(prompt, (answer) => {
        process.stdout.write('\n')
        resolve(answer)
      })
      muted = true
    })
  const first = await question('密码（至少 8 位）：')
  const second = await question('再输入一次：')
  rl.close()
  if (first !== second) fail('两次输入的密码不一致')
  return first
}

const username = arg('username')
const displayName = arg('name')
const role = arg('role') as StaffRole | undefined
if (!username || !/^[a-z][a-z0-9_.-]{2,31}$/.test(username))
  fail('--username 须为 3–32 位小写字母、数字、_ . -，以字母开头')
if (!displayName || displayName.length > 40) fail('--name 须为 1–40 个字的姓名')
if (!role || !ROLES.includes(role)) fail(`--role 须为 ${ROLES.join('、')} 之一`)
const password = process.env.STAFF_PASSWORD ?? (await askPassword())
if (password.length < 8 || password.length > 200) fail('密码须为 8–200 位')

try {
  const app = await buildApp({
    ...appOptionsFromEnv(loadConfig(), process.env),
    distDir: '/nonexistent',
    orderSweepMs: 0,
  })
  try {
    const account = await app.services.staff.create({ username, displayName, role, password }, null)
    console.log(
      `[staff:add] 已创建账号 ${account.username}（${account.displayName}，${account.role}），编号 ${account.id}`,
    )
  } finally {
    await app.close()
  }
} catch (error) {
  if (error instanceof ApiError) fail(error.message)
  if (!(error instanceof ConfigError)) throw error
  fail(error.message)
}
