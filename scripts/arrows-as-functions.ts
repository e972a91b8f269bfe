/**
 * A rolldown plugin for the files Node loads as they are (core's dist/bundled, the Action's dist/index.js): it rewrites
 * each arrow function at module level (outside any other function) into a function expression.
 *
 * Why: V8 skims a function it does not run yet (preparses it) and parses it in full only when it is first called. An
 * arrow it skims only where no function or module scope encloses it (v8 src/parsing/parser-base.h,
 * ParseArrowFunctionLiteral: "TODO(marja): consider lazy-parsing inner arrow functions too"), so in an ES module it
 * parses every module-level arrow in full at load, and again when that arrow first runs. zod builds its schema classes
 * from such arrows (`$constructor('$ZodString', (inst, def) => ...)`) and core's records declare their schemas with
 * them. Function expressions are skimmed: compiling the Action's bundle takes 22.8 instead of 30.3 ms, core's shared
 * chunk 8.6 instead of 10.9 (vm.SourceTextModule in fresh processes, medians of 9; bench/results/client-profile.md).
 *
 * An arrow that reads `this`, `arguments`, `super` or `new.target` keeps its arrow (a function would bind its own).
 * What else differs is what no code here relies on: a function expression has a prototype and can be called with `new`.
 */
import MagicString, { type SourceMap } from 'magic-string'
import type { Plugin } from 'rolldown'
import { parseAst } from 'rolldown/parseAst'

/** The ESTree nodes this file reads, loosely: any node is an object with a type and its source range. */
interface Node {
  type: string
  start: number
  end: number
  [key: string]: unknown
}
interface Arrow extends Node {
  async: boolean
  expression: boolean
  params: Node[]
  body: Node
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

function children(node: Node): Node[] {
  const out: Node[] = []
  for (const key in node) {
    const value = node[key]
    if (Array.isArray(value)) out.push(...value.filter(isNode))
    else if (isNode(value)) out.push(value)
  }
  return out
}

/** Whether code in this arrow (not in functions inside it, which bind their own) reads what an arrow takes from outside. */
function readsOuterBindings(arrow: Arrow): boolean {
  const pending: Node[] = [...arrow.params, arrow.body]
  for (let node = pending.pop(); node; node = pending.pop()) {
    if (node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') continue
    if (node.type === 'ThisExpression' || node.type === 'Super' || node.type === 'MetaProperty') return true
    if (node.type === 'Identifier' && node.name === 'arguments') return true
    pending.push(...children(node))
  }
  return false
}

/** The arrow functions of a module's code that no function encloses, and that can be function expressions. */
export function moduleLevelArrows(code: string, fileName = 'chunk.js'): Arrow[] {
  const arrows: Arrow[] = []
  const pending: Node[] = [parseAst(code, null, fileName) as unknown as Node]
  for (let node = pending.pop(); node; node = pending.pop()) {
    // Arrows inside a function are parsed with it, when it first runs: only the module's own scope is at issue.
    if (node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration' || node.type === 'ClassBody') continue
    if (node.type === 'ArrowFunctionExpression') {
      if (!readsOuterBindings(node as Arrow)) arrows.push(node as Arrow)
      continue
    }
    pending.push(...children(node))
  }
  return arrows
}

/** `(a, b) => a + b` as `function(a, b){return(a + b)}`; `async () => {...}` as `async function(){...}`. */
export function rewriteArrows(code: string, fileName = 'chunk.js'): { code: string; map: SourceMap } | undefined {
  const arrows = moduleLevelArrows(code, fileName)
  if (arrows.length === 0) return undefined
  const out = new MagicString(code)
  for (const arrow of arrows) {
    const first = arrow.params[0]
    const last = arrow.params.at(-1)
    const space = /[\w$]/.test(code[arrow.start - 1] ?? '') ? ' ' : '' // `void()=>1`: `void function(){...}`
    const head = `${space}${arrow.async ? 'async ' : ''}function(${first && last ? code.slice(first.start, last.end) : ''})`
    if (!arrow.expression) {
      out.overwrite(arrow.start, arrow.body.start, head)
      continue
    }
    out.overwrite(arrow.start, code.indexOf('=>', last?.end ?? arrow.start) + 2, `${head}{return(`)
    out.appendLeft(arrow.end, ')}')
  }
  const rewritten = out.toString()
  parseAst(rewritten, null, fileName) // a chunk that no longer parses fails the build here, not at run time
  return { code: rewritten, map: out.generateMap({ hires: 'boundary' }) }
}

export function arrowsAsFunctions(): Plugin {
  return {
    name: 'arrows-as-functions',
    renderChunk: (code, chunk) => rewriteArrows(code, chunk.fileName) ?? null,
  }
}
