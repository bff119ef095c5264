import ts from 'typescript';

/**
 * The platform registry with a new domain in it: the import of its service definition after the
 * last import, one entry at the end of SERVICES and one at the end of REMOTES. The places are found
 * in the file's syntax tree (TypeScript's parser), not by matching text, so a reformatted or
 * commented registry still takes the entry; prettier lays the result out.
 */
export interface RegistryEntry {
  name: string;
  /** Its fixed port for `npm run start:services`. */
  port: number;
}

export class RegistryEditError extends Error {
  constructor(message: string) {
    super(`infra/local/src/service-registry.ts: ${message}`);
    this.name = 'RegistryEditError';
  }
}

function arrayOf(source: ts.SourceFile, constant: string): ts.ArrayLiteralExpression {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== constant) continue;
      if (declaration.initializer && ts.isArrayLiteralExpression(declaration.initializer))
        return declaration.initializer;
    }
  }
  throw new RegistryEditError(`no \`export const ${constant} = [...]\` to add the domain to`);
}

/** `entry` added after the array's last element (and its trailing comma, if it has one). */
function appended(array: ts.ArrayLiteralExpression, entry: string) {
  const { elements } = array;
  const separator = elements.length > 0 && !elements.hasTrailingComma ? ',' : '';
  return { at: elements.end, text: `${separator}\n  ${entry},` };
}

export function withRegistryEntry(source: string, { name, port }: RegistryEntry): string {
  const file = ts.createSourceFile('service-registry.ts', source, ts.ScriptTarget.Latest, true);
  const imports = file.statements.filter(ts.isImportDeclaration);
  const lastImport = imports.at(-1);
  if (!lastImport) throw new RegistryEditError('no imports to add the service definition beside');
  const insertions = [
    {
      at: lastImport.getEnd(),
      text: `\nimport { ${name}Service } from '@campus/${name}-service/service';`,
    },
    appended(
      arrayOf(file, 'SERVICES'),
      `{ definition: ${name}Service, main: 'services/${name}/src/main.ts', port: ${port} }`,
    ),
    appended(arrayOf(file, 'REMOTES'), `{ name: '${name}', paths: ['/${name}'] }`),
  ].sort((a, b) => b.at - a.at);
  return insertions.reduce(
    (text, { at, text: inserted }) => text.slice(0, at) + inserted + text.slice(at),
    source,
  );
}
