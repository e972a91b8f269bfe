#!/usr/bin/env node
// Node caches the compiled code of the bundle on disk (in its tmp directory): the next start skips most of the
// compiling. It must be on before the rest loads, hence the dynamic import.
import { enableCompileCache } from 'node:module'

enableCompileCache()
await import('./main.js')
