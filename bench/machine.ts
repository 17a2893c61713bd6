import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import os from 'node:os'

export interface MachineFacts {
  cpu: string
  cores: number
  memory_gib: number
  os: string
  node: string
  chromium: string | null
  tfjs: string | null
  /** 1-minute load average when the bench started: above ~0 means something else was running. */
  load_average_at_start: number
  load_average_at_end?: number
}

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium'
}

export async function describeMachine(): Promise<MachineFacts> {
  return {
    cpu: cpuModel(),
    cores: os.cpus().length,
    memory_gib: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: await chromiumVersion(),
    tfjs: tfjsVersion(),
    load_average_at_start: loadAverage(),
  }
}

export function loadAverage(): number {
  return Number(os.loadavg()[0].toFixed(2))
}

function cpuModel(): string {
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))
    if (match) return match[1].trim()
  } catch {
    // Not Linux: fall through to what Node knows.
  }
  return os.cpus()[0]?.model ?? 'unknown'
}

/** "Chromium 156.0.8078.114" from `chromium --version` (Debian's wrapper also prints shell noise). */
function chromiumVersion(): Promise<string | null> {
  const path = chromiumPath()
  if (!existsSync(path)) return Promise.resolve(null)
  return new Promise((resolve) => {
    execFile(path, ['--version'], { timeout: 15_000 }, (_error, stdout) => {
      const match = /(Chrom(e|ium)[^\n]*?\d+(\.\d+){3})/.exec(String(stdout))
      resolve(match ? match[1] : null)
    })
  })
}

function tfjsVersion(): string | null {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../node_modules/@tensorflow/tfjs/package.json', import.meta.url), 'utf8')) as { version?: string }
    return pkg.version ?? null
  } catch {
    return null
  }
}
