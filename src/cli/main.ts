import { runCliAsync } from './run'
import { readStdin } from './stdin'

void runCliAsync(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  stdin: readStdin,
}).then((code) => {
  process.exitCode = code
})
