/** `node --import` this file to keep a program's `fetch` on loopback (see fetch-guard.ts). */
import { installFetchGuard } from './fetch-guard.ts'

installFetchGuard()
