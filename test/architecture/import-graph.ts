import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The repository's own import graph (relative specifiers only; packages are not layers). */

export const ROOT = path.resolve(__dirname, '../..');

export interface Import {
  /** Importing file, relative to the repository root ('src/search/cursor.ts'). */
  from: string;
  /** The specifier as written ('../errors'). */
  specifier: string;
  /** The file it resolves to, relative to the root ('src/errors.ts'). */
  to: string;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** '../errors' from src/search -> src/errors.ts (or .../index.ts, or the file itself: JSON). */
function resolve(fromFile: string, specifier: string): string {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [`${base}.ts`, path.join(base, 'index.ts'), base];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? base;
}

const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/**
 * Every relative import, export-from, require() and import() in the given top-level
 * folders, read with the TypeScript compiler's own pre-processor (comments and strings
 * that merely look like imports do not count).
 */
export function readImports(folders: string[]): Import[] {
  return folders.flatMap((folder) =>
    sourceFiles(path.join(ROOT, folder)).flatMap((file) =>
      ts
        .preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
        .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
        .map(({ fileName }) => ({ from: relative(file), specifier: fileName, to: relative(resolve(file, fileName)) })),
    ),
  );
}
