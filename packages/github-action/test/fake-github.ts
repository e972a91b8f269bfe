import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeIssue {
  number: number
  title: string
  body: string
  state: 'open' | 'closed'
  state_reason: string | null
  labels: { name: string }[]
  assignees: { login: string }[]
  comments: string[]
}

/**
 * The few REST endpoints of GitHub's issues API the incidents use, in memory, as the real `@octokit/action` client
 * calls them (GITHUB_API_URL points it here): list a repository's issues by label and state (paginated with a Link
 * header), create, comment, update the state. Every call must carry `token <token>`.
 */
export async function startFakeGitHub(repository: string, token: string) {
  const issues: FakeIssue[] = []
  const calls: string[] = []
  const base = `/repos/${repository}/issues`
  const server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => {
      text += chunk
    })
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://github.test')
      calls.push(`${req.method} ${url.pathname}`)
      const reply = (status: number, json: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(json))
      if (req.headers.authorization !== `token ${token}`) return reply(401, { message: 'Bad credentials' })
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {}
      const number = Number(/^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)/.exec(url.pathname)?.[1])
      const issue = issues.find((i) => i.number === number)
      if (req.method === 'GET' && url.pathname === base) {
        const label = url.searchParams.get('labels')
        const state = url.searchParams.get('state') ?? 'open'
        const perPage = Number(url.searchParams.get('per_page') ?? 30)
        const page = Number(url.searchParams.get('page') ?? 1)
        const matching = issues
          .filter((i) => (state === 'all' || i.state === state) && (!label || i.labels.some((l) => l.name === label)))
          .sort((a, b) => b.number - a.number)
        const slice = matching.slice((page - 1) * perPage, page * perPage)
        const next = page * perPage < matching.length
        const link = `<http://${req.headers.host}${base}?${new URLSearchParams({ ...Object.fromEntries(url.searchParams), page: String(page + 1) })}>; rel="next"`
        return reply(
          200,
          slice.map(({ comments, ...i }) => ({ ...i, comments: comments.length })),
          next ? { link } : {},
        )
      }
      if (req.method === 'POST' && url.pathname === base) {
        const created: FakeIssue = {
          number: issues.length + 1,
          title: String(body.title),
          body: String(body.body ?? ''),
          state: 'open',
          state_reason: null,
          labels: ((body.labels as string[]) ?? []).map((name) => ({ name })),
          assignees: ((body.assignees as string[]) ?? []).map((login) => ({ login })),
          comments: [],
        }
        issues.push(created)
        return reply(201, created)
      }
      if (!issue) return reply(404, { message: 'Not Found' })
      if (req.method === 'POST' && url.pathname === `${base}/${number}/comments`) {
        issue.comments.push(String(body.body))
        return reply(201, { id: issue.comments.length, body: body.body })
      }
      if (req.method === 'PATCH' && url.pathname === `${base}/${number}`) {
        if (body.state === 'open' || body.state === 'closed') issue.state = body.state
        issue.state_reason = (body.state_reason as string | undefined) ?? (body.state === 'open' ? 'reopened' : null)
        return reply(200, issue)
      }
      return reply(404, { message: 'Not Found' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    issues,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
