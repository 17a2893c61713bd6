import { runCliAsync } from './run'
import { readStdin } from './stdin'

// A file-size limit (ulimit -f) then fails the write with EFBIG, which the command reports in one
// line, instead of killing the process without a word.
process.on('SIGXFSZ', () => {})

void runCliAsync(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  stdin: readStdin,
}).then((code) => {
  process.exitCode = code
})
