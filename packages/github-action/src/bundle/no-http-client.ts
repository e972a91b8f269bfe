/**
 * Stands in for @actions/http-client in the Action's bundle (tsdown.config.ts). @actions/core imports it, and undici
 * with it, only for `getIDToken` (OIDC), which the Action never calls: without it the bundle Node compiles at every
 * run loses undici. Octokit, which does need undici, is loaded only by runs that talk to GitHub.
 */
const unused = () => new Error('@actions/http-client is not bundled into the Action: getIDToken is unavailable')

export class HttpClient {
  constructor() {
    throw unused()
  }
}

export class BearerCredentialHandler {
  constructor() {
    throw unused()
  }
}
