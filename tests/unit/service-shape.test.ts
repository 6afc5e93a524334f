// One service shape. A domain function takes at most three positional parameters
// (`service(scope, input)`, plus a dependency bag where it needs one); more go into a named object,
// so that a call reads as what it passes, never as a row of bare values in a remembered order.
import { expect, test } from 'bun:test'
import { Glob } from 'bun'
import * as ts from 'typescript'

const MAX_POSITIONAL = 3

function longSignatures(file: string, text: string): string[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (n: ts.Node) => {
    if (ts.isFunctionLike(n) && !ts.isFunctionTypeNode(n) && n.parameters.length > MAX_POSITIONAL) {
      found.push(
        `${file}:${src.getLineAndCharacterOfPosition(n.getStart()).line + 1} (${n.parameters.length} parameters)`,
      )
    }
    ts.forEachChild(n, visit)
  }
  visit(src)
  return found
}

test('no function in server/domain takes more than three positional parameters', async () => {
  const found: string[] = []
  for (const file of new Glob('server/domain/**/*.ts').scanSync('.'))
    found.push(...longSignatures(file, await Bun.file(file).text()))
  expect(found).toEqual([])
})

test('the check bites: a four-parameter arrow or declaration is found, a callback type is not', () => {
  const text =
    'export function a(w, x, y, z) {}\nconst b = (w, x, y, z) => 0\ntype C = (w: 1, x: 2, y: 3, z: 4) => void\nexport function ok(scope, input, deps) {}'
  expect(longSignatures('sample.ts', text)).toEqual(['sample.ts:1 (4 parameters)', 'sample.ts:2 (4 parameters)'])
})
