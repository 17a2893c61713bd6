#!/usr/bin/env node
// Launch the TypeScript CLI through tsx, resolving paths from this file so any working directory works.
import { tsImport } from 'tsx/esm/api'

await tsImport('../src/cli/main.ts', import.meta.url)
