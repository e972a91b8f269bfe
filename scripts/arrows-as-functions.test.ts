import { SourceMap } from 'node:module'
import { expect, test } from 'vitest'
import { rewriteArrows } from './arrows-as-functions.ts'

const rewrite = (code: string) => rewriteArrows(code)?.code ?? code

test('module-level arrows become function expressions that return what the arrow returned', () => {
  expect(rewrite('const a=(x,{y},...z)=>x+y;')).toBe('const a=function(x,{y},...z){return(x+y)};')
  expect(rewrite('const b=async e=>({e});')).toBe('const b=async function(e){return(({e}))};')
  expect(rewrite('g(async(q=()=>1)=>{await q()});')).toBe('g(async function(q=()=>1){await q()});')
  expect(rewrite('const f=x=>y=>x+y;')).toBe('const f=function(x){return(y=>x+y)};')
  expect(rewrite('export default()=>1;')).toBe('export default function(){return(1)};')
  expect(rewrite('const s="\u00e9\u2713",t=()=>s;')).toBe('const s="\u00e9\u2713",t=function(){return(s)};')
})

test('the rewritten functions behave as the arrows did', async () => {
  const source = 'export const sum=(a,b=2,...rest)=>a+b+rest.length,box=async(v)=>({v}),curry=x=>y=>x*y;'
  const url = (code: string) => `data:text/javascript,${encodeURIComponent(code)}`
  const before = await import(url(source))
  const after = await import(url(rewrite(source)))
  expect(rewrite(source)).toMatch(/^export const sum=function\(a,b=2,...rest\)/)
  for (const m of [before, after]) {
    expect(m.sum(1)).toBe(3)
    expect(m.sum(1, 1, 'x', 'y')).toBe(4)
    expect(await m.box(7)).toEqual({ v: 7 })
    expect(m.curry(3)(4)).toBe(12)
    expect(m.sum.name).toBe('sum')
  }
})

test('arrows that read this, arguments, super or new.target, and arrows inside functions or classes, stay arrows', () => {
  const kept = [
    'const c=()=>{return this};',
    'function d(){return()=>arguments}',
    'const e=function(){return()=>1};',
    'class K{m=()=>1;n(){return()=>2}}',
    'const o={m(){return()=>this}};',
  ]
  for (const code of kept) expect(rewriteArrows(code)).toBeUndefined()
})

test('a rewrite carries a source map from the rewritten code back to the original', () => {
  const result = rewriteArrows('const a=(x)=>x;\nconst b=1;')
  expect(result?.code).toBe('const a=function(x){return(x)};\nconst b=1;')
  const map = new SourceMap(JSON.parse(result?.map.toString() ?? '{}'))
  expect(map.findEntry(1, 6)).toMatchObject({ originalLine: 1, originalColumn: 6 }) // `b` of `const b=1`
  expect(map.findEntry(0, 8)).toMatchObject({ originalLine: 0, originalColumn: 8 }) // where the arrow began
})
