import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/constants';
import { tableFor, type SnapshotFieldTable } from '../../shared/contract/snapshot-fields';
import { localeMessages } from '../../renderer/app/home-messages';
import { SNAPSHOT_TABLES } from './contract';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** A written value's shape as the type checker sees it: its fields (each with its own shape), or nothing to label. */
interface Shape {
  fields: Map<string, Shape[]>;
}

/** Where a change is written: an object literal with an entry type and a before or after value (`ctx.logChange({ … })` and the rows batched for it). */
interface Written {
  where: string;
  side: string;
  shapes: Shape[];
}

/** The records a type describes: itself if an object, each item of an array, each member of a union. */
function shapesOf(checker: ts.TypeChecker, type: ts.Type, depth = 0): Shape[] {
  if (depth > 6) return [];
  if (type.isUnion()) return type.types.flatMap((member) => shapesOf(checker, member, depth));
  if (checker.isArrayType(type)) return shapesOf(checker, checker.getTypeArguments(type as ts.TypeReference)[0]!, depth + 1);
  if (!(type.flags & ts.TypeFlags.Object) || type.getCallSignatures().length > 0 || checker.typeToString(type) === 'Date') return [];
  const fields = new Map<string, Shape[]>();
  for (const property of type.getProperties()) fields.set(property.name, shapesOf(checker, checker.getTypeOfSymbol(property), depth + 1));
  return [{ fields }];
}

/** Every before and after value the server writes to the operation log, typed by the compiler. */
function writtenValues(): Written[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(REPO_ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json cannot be read');
  const files = config.fileNames.filter((file) => /\/src\/(server|areas\/[^/]+\/server)\//.test(file) && !file.endsWith('.test.ts'));
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const written: Written[] = [];
  for (const source of program.getSourceFiles()) {
    if (!files.includes(source.fileName)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) {
        const named = (property: ts.ObjectLiteralElementLike) => (property.name && ts.isIdentifier(property.name) ? property.name.text : '');
        const names = node.properties.map(named);
        if (names.includes('entryType') && (names.includes('before') || names.includes('after'))) {
          for (const property of node.properties) {
            const side = named(property);
            if (side !== 'before' && side !== 'after') continue;
            const type = ts.isPropertyAssignment(property) ? checker.getTypeAtLocation(property.initializer) : checker.getTypeAtLocation(property.name!);
            const { line } = source.getLineAndCharacterOfPosition(property.getStart(source));
            written.push({ where: `${path.relative(REPO_ROOT, source.fileName)}:${line + 1}`, side, shapes: shapesOf(checker, type) });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return written;
}

/** The fields of `shapes` no table labels, as dotted paths. */
function unlabelled(shapes: readonly Shape[], table: SnapshotFieldTable | null, prefix: string): string[] {
  return shapes.flatMap((shape) => {
    const chosen = table ?? tableFor(SNAPSHOT_TABLES, Object.fromEntries([...shape.fields.keys()].map((key) => [key, true])));
    return [...shape.fields].flatMap(([key, inner]) => {
      const field = Object.hasOwn(chosen, key) ? chosen[key] : undefined;
      if (!field) return [`${prefix}${key}`];
      return inner.length > 0 ? unlabelled(inner, field.fields ?? {}, `${prefix}${key}.`) : [];
    });
  });
}

function labelsOf(table: SnapshotFieldTable): string[] {
  return Object.values(table).flatMap((field) => [field.label, ...(field.fields ? labelsOf(field.fields) : [])]);
}

describe('snapshot field tables', () => {
  let written: Written[] = [];
  beforeAll(() => {
    written = writtenValues();
  }, 180_000);

  it('find the values the writers log (the type checker reads them)', () => {
    expect(written.length).toBeGreaterThan(100);
    expect(written.some((value) => value.where.startsWith('src/areas/department/') && value.shapes.length > 0)).toBe(true);
  });

  it('label every field a writer logs, in the table its snapshot is read through', () => {
    const missing = written.flatMap((value) => unlabelled(value.shapes, null, '').map((field) => `${value.where} ${value.side}: ${field}`));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('name every label in %s', async (locale) => {
    const messages = await localeMessages(locale);
    const labels = [...new Set(SNAPSHOT_TABLES.flatMap(labelsOf))];
    expect(labels.filter((label) => !messages[label])).toEqual([]);
  });
});
