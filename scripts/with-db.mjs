#!/usr/bin/env node
// Runs a command with the app's environment (embedded PostgreSQL included), e.g.
// `node scripts/with-db.mjs npx payload migrate:create name`.
import { spawn } from 'node:child_process'
import { prepareAppEnv, root } from './lib/app-env.mjs'

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: node scripts/with-db.mjs <command> [args…]')
  process.exit(2)
}
// A database the running site uses is borrowed, never stopped, when the command ends.
const { env, release } = await prepareAppEnv({ borrow: true })
const child = spawn(command, args, { cwd: root, env: { ...env, PAYLOAD_SKIP_PREPARE: 'true' }, stdio: 'inherit' })
child.on('exit', async (code) => {
  await release()
  process.exit(code ?? 1)
})
